// BFS: Rodinia 3.1 bfs, kernels Kernel (kernel.cu) and Kernel2 (kernel2.cu), written from the
// algorithm for rfvar's PTX interpreter; plus bfs_set_source, a one-thread stand-in for the host's
// initialisation of the source node (see below).
//
// Algorithm: level-synchronous breadth-first search on a graph in CSR form (Node {starting,
// no_of_edges} per node, edges[] = target node ids), one thread per node. Kernel expands the
// frontier: a node whose mask is set clears it and, for each edge whose target is not yet visited,
// sets the target's cost to its own cost + 1 and marks it in updating_mask. Kernel2 turns the
// updated nodes into the next frontier (mask = visited = true), clears updating_mask and raises
// the host's `over` flag. Several frontier nodes may write the same target in one level; they all
// write the same cost (level + 1), so the result is deterministic.
//
// Host side (Rodinia bfs.cu): reads the graph file, sets mask[source] = visited[source] = true,
// cost[source] = 0 and every other cost -1, then
//   do { over = false; Kernel<<<grid, 512>>>(...); Kernel2<<<grid, 512>>>(...); copy over back; }
//   while (over);
// with grid = ceil(no_of_nodes / 512). The harness initialises buffers only with zero / const /
// iota / uniform, so (1) the graph is one the harness can express: node k's record is one u64
// (starting = degree * k in the low word, no_of_edges = degree in the high word: iota with start =
// degree << 32, step = degree), edges are uniform random node ids; (2) the source is set by one
// launch of bfs_set_source (1 block of 1 thread) before the loop, standing in for the host's
// writes of mask/visited/cost[source]; cost starts as const -1.

#define MAX_THREADS_PER_BLOCK 512

struct Node {
  int starting;
  int no_of_edges;
};

extern "C" __global__ void Kernel(Node* g_graph_nodes, int* g_graph_edges, bool* g_graph_mask,
                                  bool* g_updating_graph_mask, bool* g_graph_visited, int* g_cost,
                                  int no_of_nodes) {
  int tid = blockIdx.x * MAX_THREADS_PER_BLOCK + threadIdx.x;
  if (tid < no_of_nodes && g_graph_mask[tid]) {
    g_graph_mask[tid] = false;
    for (int i = g_graph_nodes[tid].starting;
         i < (g_graph_nodes[tid].no_of_edges + g_graph_nodes[tid].starting); i++) {
      int id = g_graph_edges[i];
      if (!g_graph_visited[id]) {
        g_cost[id] = g_cost[tid] + 1;
        g_updating_graph_mask[id] = true;
      }
    }
  }
}

extern "C" __global__ void Kernel2(bool* g_graph_mask, bool* g_updating_graph_mask,
                                   bool* g_graph_visited, bool* g_over, int no_of_nodes) {
  int tid = blockIdx.x * MAX_THREADS_PER_BLOCK + threadIdx.x;
  if (tid < no_of_nodes && g_updating_graph_mask[tid]) {
    g_graph_mask[tid] = true;
    g_graph_visited[tid] = true;
    *g_over = true;
    g_updating_graph_mask[tid] = false;
  }
}

// The host's initialisation of the source node (not a Rodinia kernel).
extern "C" __global__ void bfs_set_source(bool* g_graph_mask, bool* g_graph_visited, int* g_cost,
                                          int source) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    g_graph_mask[source] = true;
    g_graph_visited[source] = true;
    g_cost[source] = 0;
  }
}
