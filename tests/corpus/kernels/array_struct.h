/* kernels/array_struct.h - the struct Pt { double x, y; int id; } and
 * energy(), a sum over an array of Pt; shared by forward/array_struct.c and
 * reverse/array_struct.c.  Kernels stay non-static and unchanged: the
 * programs differentiate them by name. */
#ifndef ENZYME_CORPUS_KERNELS_ARRAY_STRUCT_H
#define ENZYME_CORPUS_KERNELS_ARRAY_STRUCT_H

#include <math.h>

typedef struct {
  double x, y;
  int id;
} Pt;

double energy(const Pt *pts, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++) {
    double w = (pts[i].id % 3) + 1.0;
    s += w * sqrt(pts[i].x * pts[i].x + pts[i].y * pts[i].y + 1.0);
  }
  for (int i = 0; i + 1 < n; i++)
    s += (pts[i + 1].x - pts[i].x) * (pts[i + 1].y - pts[i].y);
  return s;
}

#endif /* ENZYME_CORPUS_KERNELS_ARRAY_STRUCT_H */
