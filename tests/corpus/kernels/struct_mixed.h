/* kernels/struct_mixed.h - the struct Params mixing ints and doubles, and
 * model() reading it through a pointer; shared by forward/struct_mixed.c and
 * reverse/struct_mixed.c.  Kernels stay non-static and unchanged: the
 * programs differentiate them by name. */
#ifndef ENZYME_CORPUS_KERNELS_STRUCT_MIXED_H
#define ENZYME_CORPUS_KERNELS_STRUCT_MIXED_H

#include <math.h>

typedef struct {
  int n;
  double a;
  int flag;
  double b;
  double c[3];
  long tag;
} Params;

double model(const Params *prm, double x) {
  double s = 0.0;
  for (int i = 0; i < prm->n; i++)
    s += prm->c[i % 3] * pow(x, (double)i) / (1.0 + i);
  if (prm->flag)
    s = s * prm->a + prm->b * sin(x);
  else
    s = s - prm->b;
  return s * (1.0 + 0.001 * (double)prm->tag);
}

#endif /* ENZYME_CORPUS_KERNELS_STRUCT_MIXED_H */
