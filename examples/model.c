/* The model README.md's Python example differentiates:
 *   load("examples/model.c")  — run from the repository's root. */

/* f(x) = x0 · x1: its gradient at (2, 3) is (3, 2) */
double f(const double *x) { return x[0] * x[1]; }

/* h(x, c) = c · x²: dh/dx at (2, 3) is 12 */
double h(double x, double c) { return c * x * x; }
