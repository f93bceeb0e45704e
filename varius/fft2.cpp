#include "varius/fft2.h"

#include <unsupported/Eigen/FFT>

namespace rfvar::varius {

void fft2_forward(std::vector<std::complex<double>>& a, int n0, int n1) {
  Eigen::FFT<double> fft;  // one plan cache per call: callers may run on any thread
  std::vector<std::complex<double>> in(static_cast<std::size_t>(std::max(n0, n1)));
  std::vector<std::complex<double>> out(in.size());
  for (int r = 0; r < n0; ++r) {  // row pass: contiguous rows of length n1
    std::complex<double>* row = a.data() + static_cast<std::size_t>(r) * n1;
    std::copy(row, row + n1, in.begin());
    fft.fwd(out.data(), in.data(), n1);
    std::copy(out.begin(), out.begin() + n1, row);
  }
  for (int c = 0; c < n1; ++c) {  // column pass: stride n1
    for (int r = 0; r < n0; ++r) in[static_cast<std::size_t>(r)] = a[static_cast<std::size_t>(r) * n1 + c];
    fft.fwd(out.data(), in.data(), n0);
    for (int r = 0; r < n0; ++r) a[static_cast<std::size_t>(r) * n1 + c] = out[static_cast<std::size_t>(r)];
  }
}

int next_fft_size(int min_n) {
  for (int n = std::max(min_n, 1);; ++n) {
    int m = n;
    for (int p : {2, 3, 5})
      while (m % p == 0) m /= p;
    if (m == 1) return n;
  }
}

}  // namespace rfvar::varius
