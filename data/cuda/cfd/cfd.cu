// CFD: Rodinia 3.1 cfd, euler3d.cu, kernels cuda_initialize_variables, cuda_compute_step_factor,
// cuda_compute_flux and cuda_time_step, written from the algorithm for rfvar's PTX interpreter;
// plus cuda_initialize_ff, the host's free-stream set-up moved onto the device (see below).
//
// Algorithm: an explicit finite-volume solver of the 3D Euler equations on an unstructured mesh
// of nelr elements, each with NNB = 4 faces. Per element the 5 conserved variables (density,
// momentum x/y/z, density-energy) are stored structure-of-arrays: variables[i + v * nelr].
// cuda_compute_step_factor: per element, velocity = momentum / density, pressure =
// (GAMMA - 1)(energy - density |v|^2 / 2), speed of sound = sqrt(GAMMA p / density), step factor =
// 0.5 / (sqrt(area) (|v| + c)). cuda_compute_flux: per element, its own flux contributions
// (the momentum and energy flux tensors), then for each of its 4 faces (neighbour index
// elements_surrounding_elements[i + j nelr], face normal normals[i + (j + c NNB) nelr]): for an
// interior neighbour (nb >= 0) its variables, pressure, speed of sound and flux contributions, an
// artificial viscosity term -|n| 0.2 0.5 (|v_i| + |v_nb| + c_i + c_nb) (U_i - U_nb) and the
// central flux 0.5 n . (F_nb + F_i); for a wing face (nb == -1) the pressure term n p_i on the
// momentum; for a far-field face (nb == -2) the central flux against the free stream; stores the
// 5 accumulated fluxes. cuda_time_step(j): variables = old_variables + step_factor / (RK + 1 - j)
// fluxes (one stage of the 3-stage Runge-Kutta scheme, RK = 3).
// Differences from Rodinia, for the interpreter: (1) the free-stream values ff_variable[5] and
// ff_flux_contribution_{momentum_x,y,z,density_energy} (float3 each), __constant__ symbols filled
// by the host with cudaMemcpyToSymbol in Rodinia, are a global array ff[17] (ff_variable, then
// the four float3 in that order) passed by pointer; (2) cuda_initialize_ff computes them on the
// device with the host's formulas (the harness cannot initialize a buffer with computed values);
// the angle of attack is 0 (Rodinia's deg_angle_of_attack), so cos/sin of it are written as 1 and
// 0; (3) the index math uses blockDim.x (192 = BLOCK_SIZE_0..4 in Rodinia, the same value).
//
// Host side (Rodinia euler3d.cu main): reads the mesh (areas, elements_surrounding_elements with
// -1 = wing and -2 = far field, normals) from fvcorr.domn.097K, pads nel = 97046 elements to nelr =
// a multiple of 192; computes the free stream (GAMMA = 1.4, ff_mach = 1.2, density 1.4, pressure 1)
// and copies it to constant memory; initialize_variables(variables), (old_variables), (fluxes);
// then for 2000 iterations: copy variables to old_variables (device-to-device), compute_step_factor,
// and for j = 0..2: compute_flux, time_step(j). All launches are nelr / 192 blocks of 192.

#define GAMMA 1.4f
#define NDIM 3
#define NNB 4
#define RK 3  // 3rd-order Runge-Kutta
#define ff_mach 1.2f

#define VAR_DENSITY 0
#define VAR_MOMENTUM 1
#define VAR_DENSITY_ENERGY (VAR_MOMENTUM + NDIM)
#define NVAR (VAR_DENSITY_ENERGY + 1)

// layout of the free-stream array ff[] (Rodinia's __constant__ symbols)
#define FF_VARIABLE 0                       // ff_variable[NVAR]
#define FF_FC_MOMENTUM_X (FF_VARIABLE + NVAR)  // ff_flux_contribution_momentum_x (x, y, z)
#define FF_FC_MOMENTUM_Y (FF_FC_MOMENTUM_X + 3)
#define FF_FC_MOMENTUM_Z (FF_FC_MOMENTUM_Y + 3)
#define FF_FC_DENSITY_ENERGY (FF_FC_MOMENTUM_Z + 3)
#define FF_COUNT (FF_FC_DENSITY_ENERGY + 3)  // 17

__device__ __forceinline__ void compute_flux_contribution(float density, float3 momentum,
                                                          float density_energy, float pressure,
                                                          float3 velocity, float3& fc_momentum_x,
                                                          float3& fc_momentum_y,
                                                          float3& fc_momentum_z,
                                                          float3& fc_density_energy) {
  (void)density;
  fc_momentum_x.x = velocity.x * momentum.x + pressure;
  fc_momentum_x.y = velocity.x * momentum.y;
  fc_momentum_x.z = velocity.x * momentum.z;

  fc_momentum_y.x = fc_momentum_x.y;
  fc_momentum_y.y = velocity.y * momentum.y + pressure;
  fc_momentum_y.z = velocity.y * momentum.z;

  fc_momentum_z.x = fc_momentum_x.z;
  fc_momentum_z.y = fc_momentum_y.z;
  fc_momentum_z.z = velocity.z * momentum.z + pressure;

  const float de_p = density_energy + pressure;
  fc_density_energy.x = velocity.x * de_p;
  fc_density_energy.y = velocity.y * de_p;
  fc_density_energy.z = velocity.z * de_p;
}

__device__ __forceinline__ void compute_velocity(float density, float3 momentum,
                                                 float3& velocity) {
  velocity.x = momentum.x / density;
  velocity.y = momentum.y / density;
  velocity.z = momentum.z / density;
}

__device__ __forceinline__ float compute_speed_sqd(float3 velocity) {
  return velocity.x * velocity.x + velocity.y * velocity.y + velocity.z * velocity.z;
}

__device__ __forceinline__ float compute_pressure(float density, float density_energy,
                                                  float speed_sqd) {
  return (float(GAMMA) - float(1.0f)) * (density_energy - float(0.5f) * density * speed_sqd);
}

__device__ __forceinline__ float compute_speed_of_sound(float density, float pressure) {
  return sqrtf(float(GAMMA) * pressure / density);
}

// The free stream (Rodinia's host code before the time loop), one thread.
extern "C" __global__ void cuda_initialize_ff(float* ff) {
  if (blockIdx.x != 0 || threadIdx.x != 0) return;
  const float density = float(1.4);
  const float ff_pressure = float(1.0f);
  const float ff_speed_of_sound = sqrtf(GAMMA * ff_pressure / density);
  const float ff_speed = float(ff_mach) * ff_speed_of_sound;
  float3 ff_velocity;  // angle of attack 0: (ff_speed cos 0, ff_speed sin 0, 0)
  ff_velocity.x = ff_speed;
  ff_velocity.y = 0.0f;
  ff_velocity.z = 0.0f;
  float3 ff_momentum;
  ff_momentum.x = density * ff_velocity.x;
  ff_momentum.y = density * ff_velocity.y;
  ff_momentum.z = density * ff_velocity.z;
  const float ff_density_energy =
      density * (float(0.5f) * (ff_speed * ff_speed)) + (ff_pressure / float(GAMMA - 1.0f));
  float3 fc_x, fc_y, fc_z, fc_de;
  compute_flux_contribution(density, ff_momentum, ff_density_energy, ff_pressure, ff_velocity,
                            fc_x, fc_y, fc_z, fc_de);
  ff[FF_VARIABLE + VAR_DENSITY] = density;
  ff[FF_VARIABLE + VAR_MOMENTUM + 0] = ff_momentum.x;
  ff[FF_VARIABLE + VAR_MOMENTUM + 1] = ff_momentum.y;
  ff[FF_VARIABLE + VAR_MOMENTUM + 2] = ff_momentum.z;
  ff[FF_VARIABLE + VAR_DENSITY_ENERGY] = ff_density_energy;
  ff[FF_FC_MOMENTUM_X + 0] = fc_x.x;
  ff[FF_FC_MOMENTUM_X + 1] = fc_x.y;
  ff[FF_FC_MOMENTUM_X + 2] = fc_x.z;
  ff[FF_FC_MOMENTUM_Y + 0] = fc_y.x;
  ff[FF_FC_MOMENTUM_Y + 1] = fc_y.y;
  ff[FF_FC_MOMENTUM_Y + 2] = fc_y.z;
  ff[FF_FC_MOMENTUM_Z + 0] = fc_z.x;
  ff[FF_FC_MOMENTUM_Z + 1] = fc_z.y;
  ff[FF_FC_MOMENTUM_Z + 2] = fc_z.z;
  ff[FF_FC_DENSITY_ENERGY + 0] = fc_de.x;
  ff[FF_FC_DENSITY_ENERGY + 1] = fc_de.y;
  ff[FF_FC_DENSITY_ENERGY + 2] = fc_de.z;
}

extern "C" __global__ void cuda_initialize_variables(int nelr, const float* ff,
                                                     float* variables) {
  const int i = blockDim.x * blockIdx.x + threadIdx.x;
  for (int j = 0; j < NVAR; j++) variables[i + j * nelr] = ff[FF_VARIABLE + j];
}

extern "C" __global__ void cuda_compute_step_factor(int nelr, const float* variables,
                                                    const float* areas, float* step_factors) {
  const int i = blockDim.x * blockIdx.x + threadIdx.x;

  const float density = variables[i + VAR_DENSITY * nelr];
  float3 momentum;
  momentum.x = variables[i + (VAR_MOMENTUM + 0) * nelr];
  momentum.y = variables[i + (VAR_MOMENTUM + 1) * nelr];
  momentum.z = variables[i + (VAR_MOMENTUM + 2) * nelr];
  const float density_energy = variables[i + VAR_DENSITY_ENERGY * nelr];

  float3 velocity;
  compute_velocity(density, momentum, velocity);
  const float speed_sqd = compute_speed_sqd(velocity);
  const float pressure = compute_pressure(density, density_energy, speed_sqd);
  const float speed_of_sound = compute_speed_of_sound(density, pressure);

  // dt = 0.5 sqrt(area) / (|v| + c), divided by the area for the time step: all at once
  step_factors[i] = float(0.5f) / (sqrtf(areas[i]) * (sqrtf(speed_sqd) + speed_of_sound));
}

extern "C" __global__ void cuda_compute_flux(int nelr, const int* elements_surrounding_elements,
                                             const float* normals, const float* variables,
                                             const float* ff, float* fluxes) {
  const float smoothing_coefficient = float(0.2f);
  const int i = blockDim.x * blockIdx.x + threadIdx.x;

  int j, nb;
  float3 normal;
  float normal_len;
  float factor;

  const float density_i = variables[i + VAR_DENSITY * nelr];
  float3 momentum_i;
  momentum_i.x = variables[i + (VAR_MOMENTUM + 0) * nelr];
  momentum_i.y = variables[i + (VAR_MOMENTUM + 1) * nelr];
  momentum_i.z = variables[i + (VAR_MOMENTUM + 2) * nelr];
  const float density_energy_i = variables[i + VAR_DENSITY_ENERGY * nelr];

  float3 velocity_i;
  compute_velocity(density_i, momentum_i, velocity_i);
  const float speed_sqd_i = compute_speed_sqd(velocity_i);
  const float speed_i = sqrtf(speed_sqd_i);
  const float pressure_i = compute_pressure(density_i, density_energy_i, speed_sqd_i);
  const float speed_of_sound_i = compute_speed_of_sound(density_i, pressure_i);
  float3 flux_contribution_i_momentum_x, flux_contribution_i_momentum_y,
      flux_contribution_i_momentum_z, flux_contribution_i_density_energy;
  compute_flux_contribution(density_i, momentum_i, density_energy_i, pressure_i, velocity_i,
                            flux_contribution_i_momentum_x, flux_contribution_i_momentum_y,
                            flux_contribution_i_momentum_z, flux_contribution_i_density_energy);

  float flux_i_density = float(0.0f);
  float3 flux_i_momentum;
  flux_i_momentum.x = float(0.0f);
  flux_i_momentum.y = float(0.0f);
  flux_i_momentum.z = float(0.0f);
  float flux_i_density_energy = float(0.0f);

  float3 velocity_nb;
  float density_nb, density_energy_nb;
  float3 momentum_nb;
  float3 flux_contribution_nb_momentum_x, flux_contribution_nb_momentum_y,
      flux_contribution_nb_momentum_z, flux_contribution_nb_density_energy;
  float speed_sqd_nb, speed_of_sound_nb, pressure_nb;

#pragma unroll
  for (j = 0; j < NNB; j++) {
    nb = elements_surrounding_elements[i + j * nelr];
    normal.x = normals[i + (j + 0 * NNB) * nelr];
    normal.y = normals[i + (j + 1 * NNB) * nelr];
    normal.z = normals[i + (j + 2 * NNB) * nelr];
    normal_len = sqrtf(normal.x * normal.x + normal.y * normal.y + normal.z * normal.z);

    if (nb >= 0) {  // a legitimate neighbour
      density_nb = variables[nb + VAR_DENSITY * nelr];
      momentum_nb.x = variables[nb + (VAR_MOMENTUM + 0) * nelr];
      momentum_nb.y = variables[nb + (VAR_MOMENTUM + 1) * nelr];
      momentum_nb.z = variables[nb + (VAR_MOMENTUM + 2) * nelr];
      density_energy_nb = variables[nb + VAR_DENSITY_ENERGY * nelr];
      compute_velocity(density_nb, momentum_nb, velocity_nb);
      speed_sqd_nb = compute_speed_sqd(velocity_nb);
      pressure_nb = compute_pressure(density_nb, density_energy_nb, speed_sqd_nb);
      speed_of_sound_nb = compute_speed_of_sound(density_nb, pressure_nb);
      compute_flux_contribution(density_nb, momentum_nb, density_energy_nb, pressure_nb,
                                velocity_nb, flux_contribution_nb_momentum_x,
                                flux_contribution_nb_momentum_y, flux_contribution_nb_momentum_z,
                                flux_contribution_nb_density_energy);

      // artificial viscosity
      factor = -normal_len * smoothing_coefficient * float(0.5f) *
               (speed_i + sqrtf(speed_sqd_nb) + speed_of_sound_i + speed_of_sound_nb);
      flux_i_density += factor * (density_i - density_nb);
      flux_i_density_energy += factor * (density_energy_i - density_energy_nb);
      flux_i_momentum.x += factor * (momentum_i.x - momentum_nb.x);
      flux_i_momentum.y += factor * (momentum_i.y - momentum_nb.y);
      flux_i_momentum.z += factor * (momentum_i.z - momentum_nb.z);

      // accumulate cell-centered fluxes
      factor = float(0.5f) * normal.x;
      flux_i_density += factor * (momentum_nb.x + momentum_i.x);
      flux_i_density_energy +=
          factor * (flux_contribution_nb_density_energy.x + flux_contribution_i_density_energy.x);
      flux_i_momentum.x +=
          factor * (flux_contribution_nb_momentum_x.x + flux_contribution_i_momentum_x.x);
      flux_i_momentum.y +=
          factor * (flux_contribution_nb_momentum_y.x + flux_contribution_i_momentum_y.x);
      flux_i_momentum.z +=
          factor * (flux_contribution_nb_momentum_z.x + flux_contribution_i_momentum_z.x);

      factor = float(0.5f) * normal.y;
      flux_i_density += factor * (momentum_nb.y + momentum_i.y);
      flux_i_density_energy +=
          factor * (flux_contribution_nb_density_energy.y + flux_contribution_i_density_energy.y);
      flux_i_momentum.x +=
          factor * (flux_contribution_nb_momentum_x.y + flux_contribution_i_momentum_x.y);
      flux_i_momentum.y +=
          factor * (flux_contribution_nb_momentum_y.y + flux_contribution_i_momentum_y.y);
      flux_i_momentum.z +=
          factor * (flux_contribution_nb_momentum_z.y + flux_contribution_i_momentum_z.y);

      factor = float(0.5f) * normal.z;
      flux_i_density += factor * (momentum_nb.z + momentum_i.z);
      flux_i_density_energy +=
          factor * (flux_contribution_nb_density_energy.z + flux_contribution_i_density_energy.z);
      flux_i_momentum.x +=
          factor * (flux_contribution_nb_momentum_x.z + flux_contribution_i_momentum_x.z);
      flux_i_momentum.y +=
          factor * (flux_contribution_nb_momentum_y.z + flux_contribution_i_momentum_y.z);
      flux_i_momentum.z +=
          factor * (flux_contribution_nb_momentum_z.z + flux_contribution_i_momentum_z.z);
    } else if (nb == -1) {  // a wing boundary
      flux_i_momentum.x += normal.x * pressure_i;
      flux_i_momentum.y += normal.y * pressure_i;
      flux_i_momentum.z += normal.z * pressure_i;
    } else if (nb == -2) {  // a far-field boundary
      factor = float(0.5f) * normal.x;
      flux_i_density += factor * (ff[FF_VARIABLE + VAR_MOMENTUM + 0] + momentum_i.x);
      flux_i_density_energy +=
          factor * (ff[FF_FC_DENSITY_ENERGY + 0] + flux_contribution_i_density_energy.x);
      flux_i_momentum.x += factor * (ff[FF_FC_MOMENTUM_X + 0] + flux_contribution_i_momentum_x.x);
      flux_i_momentum.y += factor * (ff[FF_FC_MOMENTUM_Y + 0] + flux_contribution_i_momentum_y.x);
      flux_i_momentum.z += factor * (ff[FF_FC_MOMENTUM_Z + 0] + flux_contribution_i_momentum_z.x);

      factor = float(0.5f) * normal.y;
      flux_i_density += factor * (ff[FF_VARIABLE + VAR_MOMENTUM + 1] + momentum_i.y);
      flux_i_density_energy +=
          factor * (ff[FF_FC_DENSITY_ENERGY + 1] + flux_contribution_i_density_energy.y);
      flux_i_momentum.x += factor * (ff[FF_FC_MOMENTUM_X + 1] + flux_contribution_i_momentum_x.y);
      flux_i_momentum.y += factor * (ff[FF_FC_MOMENTUM_Y + 1] + flux_contribution_i_momentum_y.y);
      flux_i_momentum.z += factor * (ff[FF_FC_MOMENTUM_Z + 1] + flux_contribution_i_momentum_z.y);

      factor = float(0.5f) * normal.z;
      flux_i_density += factor * (ff[FF_VARIABLE + VAR_MOMENTUM + 2] + momentum_i.z);
      flux_i_density_energy +=
          factor * (ff[FF_FC_DENSITY_ENERGY + 2] + flux_contribution_i_density_energy.z);
      flux_i_momentum.x += factor * (ff[FF_FC_MOMENTUM_X + 2] + flux_contribution_i_momentum_x.z);
      flux_i_momentum.y += factor * (ff[FF_FC_MOMENTUM_Y + 2] + flux_contribution_i_momentum_y.z);
      flux_i_momentum.z += factor * (ff[FF_FC_MOMENTUM_Z + 2] + flux_contribution_i_momentum_z.z);
    }
  }

  fluxes[i + VAR_DENSITY * nelr] = flux_i_density;
  fluxes[i + (VAR_MOMENTUM + 0) * nelr] = flux_i_momentum.x;
  fluxes[i + (VAR_MOMENTUM + 1) * nelr] = flux_i_momentum.y;
  fluxes[i + (VAR_MOMENTUM + 2) * nelr] = flux_i_momentum.z;
  fluxes[i + VAR_DENSITY_ENERGY * nelr] = flux_i_density_energy;
}

extern "C" __global__ void cuda_time_step(int j, int nelr, const float* old_variables,
                                          float* variables, const float* step_factors,
                                          const float* fluxes) {
  const int i = blockDim.x * blockIdx.x + threadIdx.x;

  const float factor = step_factors[i] / float(RK + 1 - j);

  variables[i + VAR_DENSITY * nelr] =
      old_variables[i + VAR_DENSITY * nelr] + factor * fluxes[i + VAR_DENSITY * nelr];
  variables[i + VAR_DENSITY_ENERGY * nelr] = old_variables[i + VAR_DENSITY_ENERGY * nelr] +
                                             factor * fluxes[i + VAR_DENSITY_ENERGY * nelr];
  variables[i + (VAR_MOMENTUM + 0) * nelr] = old_variables[i + (VAR_MOMENTUM + 0) * nelr] +
                                             factor * fluxes[i + (VAR_MOMENTUM + 0) * nelr];
  variables[i + (VAR_MOMENTUM + 1) * nelr] = old_variables[i + (VAR_MOMENTUM + 1) * nelr] +
                                             factor * fluxes[i + (VAR_MOMENTUM + 1) * nelr];
  variables[i + (VAR_MOMENTUM + 2) * nelr] = old_variables[i + (VAR_MOMENTUM + 2) * nelr] +
                                             factor * fluxes[i + (VAR_MOMENTUM + 2) * nelr];
}
