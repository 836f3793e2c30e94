/* kernels/rpow.h - rpow(), a recursive power by squaring; shared by
 * forward/recursion.c and reverse/recursion_pow.c.  Kernels stay non-static
 * and unchanged: the programs differentiate them by name. */
#ifndef ENZYME_CORPUS_KERNELS_RPOW_H
#define ENZYME_CORPUS_KERNELS_RPOW_H

double rpow(double x, int n) {
  if (n == 0)
    return 1.0;
  if (n % 2 == 0) {
    double h = rpow(x, n / 2);
    return h * h;
  }
  return x * rpow(x, n - 1);
}

#endif /* ENZYME_CORPUS_KERNELS_RPOW_H */
