// Train libsvm's C-SVC once and report what the fit cost it.
//
// Built by libsvm_evals.py against libsvm's own svm.cpp, into which that
// script adds one counter: `marginlab_column_evals`, the kernel values that
// the solver's Q-matrix (SVC_Q::get_Q) computes for its columns, the same
// quantity as marginlab's `SVM.n_kernel_evals_` (the diagonal, computed
// once in both, is not counted).
//
// Input (binary, native endianness): int32 m, int32 n, then float64 C, gamma,
// eps, cache_mb, shrinking (0 or 1), then X (m × n, row-major), then y (m).
// Output (stdout, one line): iterations kernel_evals n_sv

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "svm.h"

extern long long marginlab_column_evals;

static long long iterations = -1;

// libsvm reports "optimization finished, #iter = N" through its print hook.
static void capture(const char *text) {
  const char *at = std::strstr(text, "#iter = ");
  if (at != nullptr) iterations = std::atoll(at + 8);
}

int main(int argc, char **argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s INPUT\n", argv[0]);
    return 2;
  }
  std::FILE *f = std::fopen(argv[1], "rb");
  if (f == nullptr) {
    std::perror(argv[1]);
    return 2;
  }
  int m = 0, n = 0;
  double params[5];
  if (std::fread(&m, sizeof m, 1, f) != 1 || std::fread(&n, sizeof n, 1, f) != 1 ||
      std::fread(params, sizeof(double), 5, f) != 5) {
    std::fprintf(stderr, "%s: bad header\n", argv[1]);
    return 2;
  }
  std::vector<double> X(static_cast<size_t>(m) * n), y(m);
  if (std::fread(X.data(), sizeof(double), X.size(), f) != X.size() ||
      std::fread(y.data(), sizeof(double), y.size(), f) != y.size()) {
    std::fprintf(stderr, "%s: short data\n", argv[1]);
    return 2;
  }
  std::fclose(f);

  // Every feature is stored (dense), each row ends with index -1.
  std::vector<svm_node> nodes(static_cast<size_t>(m) * (n + 1));
  std::vector<svm_node *> rows(m);
  for (int i = 0; i < m; ++i) {
    svm_node *row = &nodes[static_cast<size_t>(i) * (n + 1)];
    for (int k = 0; k < n; ++k) {
      row[k].index = k + 1;
      row[k].value = X[static_cast<size_t>(i) * n + k];
    }
    row[n].index = -1;
    rows[i] = row;
  }
  svm_problem prob;
  prob.l = m;
  prob.y = y.data();
  prob.x = rows.data();

  svm_parameter param;
  std::memset(&param, 0, sizeof param);
  param.svm_type = C_SVC;
  param.kernel_type = RBF;
  param.C = params[0];
  param.gamma = params[1];
  param.eps = params[2];
  param.cache_size = params[3];
  param.shrinking = params[4] != 0.0 ? 1 : 0;
  param.probability = 0;
  param.nr_weight = 0;

  const char *error = svm_check_parameter(&prob, &param);
  if (error != nullptr) {
    std::fprintf(stderr, "libsvm: %s\n", error);
    return 2;
  }
  svm_set_print_string_function(capture);
  svm_model *model = svm_train(&prob, &param);
  std::printf("%lld %lld %d\n", iterations, marginlab_column_evals,
              model->l);
  svm_free_and_destroy_model(&model);
  return 0;
}
