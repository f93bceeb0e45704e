#include "frontend/accelsim/kernels_list.h"

#include <fstream>
#include <sstream>

#include "frontend/accelsim/kernel_trace_reader.h"
#include "frontend/accelsim/text_fields.h"
#include "frontend/accelsim/trace_error.h"

namespace rfvar::arch::accelsim {
namespace {

Memcpy parse_memcpy(std::string_view t, const Where& w) {
  const std::size_t c1 = t.find(',');
  const std::size_t c2 = c1 == std::string_view::npos ? c1 : t.find(',', c1 + 1);
  Memcpy m;
  if (c2 == std::string_view::npos || t.find(',', c2 + 1) != std::string_view::npos ||
      !parse_hex(trim(t.substr(c1 + 1, c2 - c1 - 1)), m.addr) || !parse_dec(trim(t.substr(c2 + 1)), m.bytes))
    fail(w, "bad memcpy line " + excerpt(t) + ": expected MemcpyHtoD,0xADDR,BYTES");
  m.kind = std::string(trim(t.substr(0, c1)));
  return m;
}

}  // namespace

KernelsList parse_kernels_list(std::string_view text, std::string_view source_name) {
  KernelsList list;
  Where w{source_name, 0};
  while (!text.empty()) {
    const std::size_t nl = text.find('\n');
    const std::string_view t = trim(text.substr(0, nl));
    text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
    ++w.line;
    if (t.empty() || t.front() == '#') continue;
    if (t.starts_with("Memcpy")) {
      list.memcpys.push_back(parse_memcpy(t, w));
    } else if (t.ends_with(".traceg")) {
      list.kernel_files.emplace_back(t);
      list.kernel_lines.push_back(w.line);
    } else if (t.ends_with(".traceg.xz")) {
      fail(w, "compressed kernel trace " + excerpt(t) +
                  " is not supported: decompress it (xz -dk) and name the .traceg in the list");
    } else if (t.ends_with(".trace")) {
      fail(w,
           "raw kernel trace " + excerpt(t) + ": run Accel-Sim's post-traces-processing to get the .traceg");
    } else {
      fail(w, "expected 'MemcpyHtoD,0xADDR,BYTES' or a kernel trace 'kernel-N.traceg', got " + excerpt(t));
    }
  }
  return list;
}

SassTrace read_trace(const std::filesystem::path& kernelslist_or_folder, const ReadOptions& options) {
  std::filesystem::path list_file = kernelslist_or_folder;
  if (std::filesystem::is_directory(list_file)) list_file /= "kernelslist.g";
  std::ifstream in(list_file, std::ios::binary);
  if (!in) throw InputError(list_file.string() + ": cannot open the kernels list");
  std::stringstream text;
  text << in.rdbuf();
  SassTrace trace;
  trace.source = list_file.string();
  const KernelsList list = parse_kernels_list(text.str(), trace.source);
  if (list.kernel_files.empty())
    throw InputError(trace.source + ": no kernel trace listed (the list names at least one 'kernel-N.traceg')");
  trace.memcpys = list.memcpys;
  const std::filesystem::path folder = list_file.parent_path();
  for (std::size_t i = 0; i < list.kernel_files.size(); ++i) {
    const std::filesystem::path file = folder / list.kernel_files[i];
    if (!std::filesystem::is_regular_file(file))
      fail({trace.source, list.kernel_lines[i]}, "cannot open kernel trace " + file.string());
    trace.kernels.push_back(read_kernel_trace(file, options));
    trace.kernels.back().trace.launch = static_cast<std::int32_t>(i);
  }
  return trace;
}

}  // namespace rfvar::arch::accelsim
