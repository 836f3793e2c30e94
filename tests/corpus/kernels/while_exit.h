/* kernels/while_exit.h - grow(), a while loop whose exit depends on active
 * data; shared by forward/while_exit.c and reverse/while_exit.c.  Kernels
 * stay non-static and unchanged: the programs differentiate them by name. */
#ifndef ENZYME_CORPUS_KERNELS_WHILE_EXIT_H
#define ENZYME_CORPUS_KERNELS_WHILE_EXIT_H

double grow(double x) {
  double s = x;
  int k = 0;
  while (s < 10.0) {
    s = s * 1.5 + 0.1 * x * x;
    k++;
  }
  return s + 0.01 * k * x;
}

#endif /* ENZYME_CORPUS_KERNELS_WHILE_EXIT_H */
