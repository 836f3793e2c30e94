#!/usr/bin/env python3
"""Fit a C simulation to data from Python, with enzyme-opt's Python API.

The model is plain C (below): a damped oscillator integrated with a
semi-implicit Euler scheme, and a least-squares loss against observations.
Nothing in it knows about derivatives.  From Python we

1. check the reverse-mode gradient of the loss against central finite
   differences (and forward mode against reverse mode),
2. fit the stiffness and damping by a damped Newton method: gradients from
   `gradient(Reverse, …)`, Hessian columns from `hvp` (forward over reverse),
   each one cached native call,
3. take the Jacobian of the final state with respect to the parameters, by
   both modes, and check a Hessian-vector product against differences of
   the gradient.

Run: .venv/bin/python examples/python_api.py   (exit status 0 when every check passes)
"""

from __future__ import annotations

import sys
import time

import numpy as np

from enzyme_opt import Const, Forward, Reverse, gradient, hvp, jacobian, load

MODEL = r"""
/* One oscillator: x'' = -k x - c x', unit mass; p = (k, c). */
void simulate(double *trajectory, const double *p, double x0, double v0, double dt, int steps) {
  double x = x0, v = v0;
  for (int i = 0; i < steps; i++) {
    v += dt * (-p[0] * x - p[1] * v);
    x += dt * v;
    trajectory[i] = x;
  }
}

double loss(const double *p, const double *observed, double dt, int steps) {
  double trajectory[1000];
  simulate(trajectory, p, 1.0, 0.0, dt, steps);
  double s = 0;
  for (int i = 0; i < steps; i++) {
    double e = trajectory[i] - observed[i];
    s += e * e;
  }
  return s / steps;
}

void final_state(double *state, const double *p, double dt, int steps) {
  double x = 1.0, v = 0.0;
  for (int i = 0; i < steps; i++) {
    v += dt * (-p[0] * x - p[1] * v);
    x += dt * v;
  }
  state[0] = x;
  state[1] = v;
}
"""

DT, STEPS = 0.01, 800
TRUE_P = np.array([4.0, 0.3])


def central_difference(f, x, h=1e-6):
    out = np.zeros_like(x)
    for i in range(x.size):
        up, down = x.copy(), x.copy()
        up[i] += h
        down[i] -= h
        out[i] = (f(up) - f(down)) / (2 * h)
    return out


def main() -> int:
    m = load(MODEL, language="c")
    simulate, loss, final_state = m["simulate"], m["loss"], m["final_state"]

    observed = np.zeros(STEPS)
    simulate(observed, TRUE_P, 1.0, 0.0, DT, STEPS)

    p = np.array([3.0, 0.6])
    (g_rev, *_) = gradient(Reverse, loss, p, Const(observed), DT, STEPS)
    (g_fwd, *_) = gradient(Forward, loss, p, Const(observed), DT, STEPS)
    g_fd = central_difference(lambda q: loss(q, observed, DT, STEPS), p)
    error = max(np.max(np.abs(g_rev - g_fd) / np.abs(g_fd)), np.max(np.abs(g_fwd - g_rev)))
    print(f"gradient at p = {p}: reverse {g_rev}, forward {g_fwd}, finite differences {g_fd}")
    print(f"  worst relative error {error:.1e}")
    ok = error < 1e-6

    # Newton's method, damped (Levenberg-Marquardt) where the loss is not convex: the 2x2
    # Hessian column by column, each column one Hessian-vector product (forward over
    # reverse).
    hvp(loss, p, np.eye(2)[0], observed, DT, STEPS)  # compiled here, not in the timing
    t0 = time.perf_counter()
    damping, current = 1e-3, loss(p, observed, DT, STEPS)
    for steps in range(1, 201):
        (g, *_) = gradient(Reverse, loss, p, Const(observed), DT, STEPS)
        if np.linalg.norm(g) < 1e-13:
            break
        hessian = np.column_stack([hvp(loss, p, e, observed, DT, STEPS) for e in np.eye(2)])
        trial = p + np.linalg.solve(hessian + damping * np.eye(2), -g)
        if loss(trial, observed, DT, STEPS) < current:
            p, current, damping = trial, loss(trial, observed, DT, STEPS), damping / 10
        else:
            damping *= 10
    elapsed = time.perf_counter() - t0
    print(f"damped Newton: {steps} iterations in {elapsed * 1e3:.1f} ms, p = {p} "
          f"(true {TRUE_P})")
    ok &= bool(np.allclose(p, TRUE_P, rtol=1e-8))

    (jac, _, _) = jacobian(Reverse, final_state, p, DT, STEPS, n_outs=2)
    (jac_fwd, _, _) = jacobian(Forward, final_state, p, DT, STEPS, n_outs=2)
    print(f"d(x, v)/d(k, c) after {STEPS} steps:\n{jac}")
    ok &= bool(np.allclose(jac, jac_fwd, rtol=1e-10, atol=1e-12))

    direction = np.array([1.0, -1.0])
    hv = hvp(loss, p, direction, observed, DT, STEPS)
    hv_fd = central_difference(
        lambda q: gradient(Reverse, loss, q, Const(observed), DT, STEPS)[0] @ direction, p)
    print(f"Hessian·{direction} = {hv} (finite differences of the gradient: {hv_fd})")
    ok &= bool(np.allclose(hv, hv_fd, rtol=1e-5, atol=1e-8))

    print("OK" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
