"""``__enzyme_batch``: the primal over W lanes.

``__enzyme_batch(f, enzyme_width, W, enzyme_vector, x₀, …, x_{W-1},
enzyme_scalar, s, …)`` computes ``f`` for W values of each vector argument
(scalars are shared by every lane) and returns the W results as
``[W x T]``.  ``batch<W><f>`` takes each vector argument as ``[W x T]`` and
evaluates the lanes in order, one call of ``f`` each: every lane runs the
primal exactly as written, whatever its control flow, and LLVM's -O
pipelines inline and vectorize the lanes where they can.
"""

from __future__ import annotations

from enzyme_opt.abi import request as R
from enzyme_opt.ad.utils import join_lanes, split_lanes
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.module import Function
from enzyme_opt.ir.types import shadow_type


def batch_signature(request: R.DiffRequest) -> tuple[T.FunctionType, list[str]]:
    fn, width = request.function, request.width
    params = [shadow_type(arg.type, width) if activity == R.VECTOR else arg.type
              for arg, activity in zip(fn.args, request.args)]
    ret = fn.return_type
    return (T.FunctionType(T.void if ret == T.void else shadow_type(ret, width), tuple(params)),
            [arg.name for arg in fn.args])


class BatchGenerator:
    def __init__(self, ctx, request: R.DiffRequest, out: Function):
        self.ctx, self.request, self.out = ctx, request, out

    def run(self) -> None:
        fn, width = self.request.function, self.request.width
        b = Builder(self.out.append_block("entry"))
        lanes_of = [split_lanes(b, param, width) if activity == R.VECTOR else [param] * width
                    for param, activity in zip(self.out.args, self.request.args)]
        results = []
        for lane in range(width):
            call = b.call(fn, [args[lane] for args in lanes_of])
            call.cc = _calling_convention(fn)
            results.append(call)
        if fn.return_type == T.void:
            b.ret()
        else:
            b.ret(join_lanes(b, results, fn.return_type, width))


def _calling_convention(fn: Function) -> str:
    """The calling convention a call of ``fn`` must use (a copy keeps its own)."""
    from enzyme_opt.ad.utils import _is_calling_convention
    return next((w for w in fn.prefix.split() if _is_calling_convention(w)), "")
