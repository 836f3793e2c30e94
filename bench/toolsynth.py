"""A C program of many differentiated functions, for timing enzyme-opt itself (bench/tool.py).

The kernels of bench/kernels and tests/corpus are what users differentiate, but each is a
handful of functions: enzyme-opt's own time on them is dominated by start-up. This module
writes one C file with N functions drawn from templates shaped like those kernels — counted
and while loops, libm calls, log-sum-exp, an LSTM-like cell, arrays of structs, a stencil
writing an output array, a non-inlined helper — each instantiated with its own constants and
sizes so that clang does not fold them together, and each with one ``__enzyme_autodiff``
wrapper (``grad_<f>``). Compiled with ``clang-22 -O2 -S -emit-llvm`` it is the kind of module a
real project hands to enzyme-opt, only bigger.

``make_c(n, enzyme=False)`` writes the same program with ``__enzyme_autodiff`` renamed to an
ordinary external function ``observe`` (and the markers renamed too): the same IR, the same
size, nothing for Enzyme, so enzyme-opt passes it through (parse, verify, print) — the other
figure bench/tool.py reports.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

HEADER = """\
#include <math.h>
extern int enzyme_const, enzyme_dup, enzyme_out;
void __enzyme_autodiff(void *, ...);
typedef struct { double x, v, m; int id; } Body;
static const double COEF[8] = {1.0, -0.5, 0.25, 0.125, -0.0625, 0.03125, 0.015625, -0.0078125};
"""

# Each template: (C text of the kernel with {i} (unique suffix), {a}, {b} (constants) and {n}
# (a small size), call of the derivative inside grad_{i}).  Arguments of the wrappers:
# `double *x, double *dx, double *y, double *dy, int n`.
TEMPLATES = [
    ("""\
double dotexp_{i}(const double *x, const double *y, int n) {{
  double s = 0.0;
  for (int j = 0; j < n; j++) s += x[j] * y[j] * exp(-{a} * x[j]);
  return s;
}}""", "__enzyme_autodiff((void *)dotexp_{i}, x, dx, enzyme_const, y, n)"),
    ("""\
double lse_{i}(const double *v, int n) {{
  double m = v[0];
  for (int j = 1; j < n; j++) m = v[j] > m ? v[j] : m;
  double s = 0.0;
  for (int j = 0; j < n; j++) s += exp({a} * (v[j] - m));
  return log(s) / {a} + m;
}}""", "__enzyme_autodiff((void *)lse_{i}, x, dx, n)"),
    ("""\
void step_{i}(const double *u, double *w, int n) {{
  for (int j = 1; j + 1 < n; j++)
    w[j] = u[j] + {a} * (u[j - 1] - 2.0 * u[j] + u[j + 1]) + {b} * u[j] * (1.0 - u[j]);
  w[0] = w[1];
  w[n - 1] = w[n - 2];
}}""", "__enzyme_autodiff((void *)step_{i}, x, dx, y, dy, n)"),
    ("""\
#define H{i} {n}
double cell_{i}(const double *w, const double *xs, int t) {{
  double h[H{i}] = {{0}}, c[H{i}] = {{0}}, loss = 0.0;
  for (int s = 0; s < t; s++) {{
    double hn[H{i}];
    for (int k = 0; k < H{i}; k++) {{
      double g = w[k] * xs[s] + w[H{i} + k] * h[k] + {b};
      double f = 1.0 / (1.0 + exp(-g));
      c[k] = f * c[k] + (1.0 - f) * tanh(g * {a});
      hn[k] = tanh(c[k]) * f;
    }}
    for (int k = 0; k < H{i}; k++) {{ h[k] = hn[k]; loss += (h[k] - xs[s]) * (h[k] - xs[s]); }}
  }}
  return loss;
}}""", "__enzyme_autodiff((void *)cell_{i}, x, dx, enzyme_const, y, n)"),
    ("""\
double energy_{i}(const Body *b, int n) {{
  double e = 0.0;
  for (int j = 0; j < n; j++) {{
    e += 0.5 * b[j].m * b[j].v * b[j].v * ((b[j].id % 3) + {a});
    for (int k = j + 1; k < n; k++) {{
      double d = b[j].x - b[k].x;
      e -= b[j].m * b[k].m / sqrt(d * d + {b});
    }}
  }}
  return e;
}}""", "__enzyme_autodiff((void *)energy_{i}, (Body *)x, (Body *)dx, n / 4)"),
    ("""\
double poly_{i}(const double *x, int n) {{
  double s = 0.0;
  for (int j = 0; j < n; j++) {{
    double p = 0.0;
    for (int k = 7; k >= 0; k--) p = p * x[j] + COEF[k] * {a};
    s += p + pow(fabs(x[j]) + 1.0, {b});
  }}
  return s;
}}""", "__enzyme_autodiff((void *)poly_{i}, x, dx, n)"),
    ("""\
double piece_{i}(const double *x, int n) {{
  double r = 0.0;
  int j = 0;
  while (j < n && r < 1e6) {{
    double t = x[j];
    if (t > {a}) r += t * sin(t);
    else if (t < -{a}) r -= log(1.0 + t * t);
    else r += fmax(t, {b}) * cos(t);
    j++;
  }}
  return r * r;
}}""", "__enzyme_autodiff((void *)piece_{i}, x, dx, n)"),
    ("""\
double matnorm_{i}(const double *a, const double *v, int n) {{
  double s = 0.0;
  for (int r = 0; r < {n}; r++) {{
    double t = 0.0;
    for (int c = 0; c < n; c++) t += a[r * n + c] * v[c];
    s += t * t;
  }}
  return sqrt(s + {a});
}}""", "__enzyme_autodiff((void *)matnorm_{i}, x, dx, enzyme_const, y, n)"),
    ("""\
__attribute__((noinline)) static double act_{i}(double t) {{
  return t > 0.0 ? t + {a} * t * t : expm1(t) * {b};
}}
double layer_{i}(const double *w, const double *v, int n) {{
  double s = 0.0;
  for (int j = 0; j < n; j++) s += act_{i}(w[j] * v[j] + w[(j + 1) % n]);
  return s;
}}""", "__enzyme_autodiff((void *)layer_{i}, x, dx, enzyme_const, y, n)"),
    ("""\
double gmm_{i}(const double *mu, const double *q, const double *x, int n) {{
  double total = 0.0, t[{n}];
  for (int p = 0; p < n; p++) {{
    double m = -1e300;
    for (int k = 0; k < {n}; k++) {{
      double z = exp(q[k]) * (x[p] - mu[k]);
      t[k] = q[k] - 0.5 * z * z - {a};
      m = t[k] > m ? t[k] : m;
    }}
    double s = 0.0;
    for (int k = 0; k < {n}; k++) s += exp(t[k] - m);
    total += log(s) + m;
  }}
  return total;
}}""", "__enzyme_autodiff((void *)gmm_{i}, x, dx, y, dy, enzyme_const, x + 8, n)"),
    ("""\
double orbit_{i}(const double *s0, int steps) {{
  double px = s0[0], py = s0[1], vx = s0[2], vy = s0[3], h = {a} * 0.01;
  for (int k = 0; k < steps; k++) {{
    double r = sqrt(px * px + py * py) + {b};
    double ax = -px / (r * r * r), ay = -py / (r * r * r);
    double mx = px + 0.5 * h * vx, my = py + 0.5 * h * vy;
    double rm = hypot(mx, my) + {b};
    vx += h * (ax + 0.1 * cos(mx) / rm);
    vy += h * (ay + 0.1 * sin(my) / rm);
    px += h * vx;
    py += h * vy;
  }}
  return px * px + py * py + atan2(py, px);
}}""", "__enzyme_autodiff((void *)orbit_{i}, x, dx, n)"),
]


def make_c(n: int, enzyme: bool = True) -> str:
    """C source with ``n`` kernels (templates in turn, constants varying with the index),
    each with a wrapper ``grad_<i>`` that differentiates it (``enzyme=False``: passes it to
    an external ``observe`` with the same arguments)."""
    parts = [HEADER]
    for i in range(n):
        body, diff = TEMPLATES[i % len(TEMPLATES)]
        values = dict(i=i, a=f"{0.25 + 0.0625 * (i % 11):.4f}", b=f"{0.5 + 0.125 * (i % 5):.4f}",
                      n=3 + i % 4)
        parts.append(body.format(**values))
        call = diff.format(**values)
        parts.append(f"void grad_{i}(double *x, double *dx, double *y, double *dy, int n) {{\n"
                     f"  {call};\n}}\n")
    text = "\n".join(parts)
    if not enzyme:
        text = text.replace("__enzyme_autodiff", "observe").replace("enzyme_", "mark_")
    return text


def make_ll(n: int, path: Path, enzyme: bool = True, clang: str = "clang-22") -> Path:
    """``path`` (a .ll file) compiled from ``make_c(n, enzyme)`` with clang -O2."""
    src = path.with_suffix(".c")
    src.write_text(make_c(n, enzyme))
    subprocess.run([clang, "-O2", "-S", "-emit-llvm", str(src), "-o", str(path)], check=True)
    return path


if __name__ == "__main__":
    import sys
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 27
    sys.stdout.write(make_c(count, enzyme="--no-enzyme" not in sys.argv))
