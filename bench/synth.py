"""Synthetic, clang-like LLVM IR for the parse + print throughput benchmark.

The functions below imitate what `clang -O2 -S -emit-llvm` prints for ordinary C numeric code:
counted loops with induction phis, floating reductions, `getelementptr inbounds` into arrays
and structs, loads and stores carrying `!tbaa`, loop latches carrying `!llvm.loop`, calls to
libm, to intrinsics and to other functions of the module, integer compares, selects, a
`switch`, and nested loops. Every function is a variation of one of a few shapes (random
trip-count types, body lengths and constants), so the module is big without being one
pattern repeated verbatim.

`make_module(target_instructions, seed)` returns the text; it is meant to be canonicalized by
llvmlite (parse + str) before it is timed, so the benchmark measures what LLVM prints.
"""

from __future__ import annotations

import random

HEADER = """\
; ModuleID = 'synthetic.c'
source_filename = "synthetic.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.particle = type { [3 x double], [3 x double], double, i32, i32 }
%struct.grid = type { ptr, ptr, i64, i64, double }

@.str = private unnamed_addr constant [14 x i8] c"value %f %ld\\0A\\00", align 1
@global_scale = dso_local local_unnamed_addr global double 1.500000e+00, align 8
@global_count = dso_local local_unnamed_addr global i64 0, align 8
@lookup = internal unnamed_addr constant [8 x double] [double 1.000000e+00, double 5.000000e-01, double 2.500000e-01, double 1.250000e-01, double 6.250000e-02, double 3.125000e-02, double 1.562500e-02, double 7.812500e-03], align 16
"""

FOOTER = """\
declare double @sin(double) local_unnamed_addr #1
declare double @exp(double) local_unnamed_addr #1
declare double @log(double) local_unnamed_addr #1
declare double @sqrt(double) local_unnamed_addr #1
declare noundef i32 @printf(ptr noundef readonly captures(none), ...) local_unnamed_addr #2
declare double @llvm.fmuladd.f64(double, double, double) #3
declare double @llvm.fabs.f64(double) #3
declare double @llvm.maxnum.f64(double, double) #3
declare i64 @llvm.smax.i64(i64, i64) #3

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nofree nounwind willreturn memory(errnomem: write) "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { nofree nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #4 = { nounwind }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"clang version 22.0.0"}
!5 = !{!6, !6, i64 0}
!6 = !{!"double", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!10, !10, i64 0}
!10 = !{!"long", !7, i64 0}
!11 = distinct !{!11, !12, !13}
!12 = !{!"llvm.loop.mustprogress"}
!13 = !{!"llvm.loop.unroll.disable"}
!14 = !{!15, !6, i64 48}
!15 = !{!"particle", !7, i64 0, !7, i64 24, !6, i64 48, !16, i64 56, !16, i64 60}
!16 = !{!"int", !7, i64 0}
!17 = !{!15, !16, i64 56}
!18 = distinct !{!18, !12}
"""


class _Fn:
    """A tiny SSA-name allocator and line buffer for one function."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.n = 0

    def v(self) -> str:
        self.n += 1
        return f"%{self.n}"

    def emit(self, text: str) -> None:
        self.lines.append("  " + text)

    def label(self, name: str) -> None:
        self.lines.append("")
        self.lines.append(f"{name}:")


def _fconst(rng: random.Random) -> str:
    # Exactly representable, so llvmlite prints it as a short decimal.
    return f"{rng.randint(1, 63) / 16:e}".replace("e+0", "e+0")


def _axpy(name: str, rng: random.Random, callees: list[str]) -> str:
    """y[i] = a*x[i] + op(x[i], y[i]) over a counted loop (unrolled body of k statements)."""
    f = _Fn()
    k = rng.randint(1, 6)
    f.emit("%5 = icmp sgt i64 %3, 0")
    f.emit("br i1 %5, label %loop, label %exit")
    f.label("loop")
    f.emit("%i = phi i64 [ 0, %4 ], [ %i.next, %loop ]")
    for j in range(k):
        idx = "%i" if j == 0 else f"%i{j}"
        if j:
            f.emit(f"{idx} = add nuw nsw i64 %i, {j * 1024}")
        gx, gy = f"%gx{j}", f"%gy{j}"
        f.emit(f"{gx} = getelementptr inbounds nuw double, ptr %1, i64 {idx}")
        f.emit(f"%x{j} = load double, ptr {gx}, align 8, !tbaa !5")
        f.emit(f"{gy} = getelementptr inbounds nuw double, ptr %0, i64 {idx}")
        f.emit(f"%y{j} = load double, ptr {gy}, align 8, !tbaa !5")
        op = rng.choice(["fmul", "fadd", "fsub", "fmuladd", "call"])
        if op == "fmuladd":
            f.emit(f"%t{j} = tail call double @llvm.fmuladd.f64(double %2, double %x{j}, double %y{j})")
        elif op == "call":
            fn = rng.choice(["sin", "exp", "sqrt"])
            f.emit(f"%c{j} = tail call double @{fn}(double noundef %x{j}) #4")
            f.emit(f"%t{j} = fmul double %2, %c{j}")
        else:
            f.emit(f"%m{j} = fmul double %2, %x{j}")
            f.emit(f"%t{j} = {op} double %m{j}, %y{j}")
        f.emit(f"%s{j} = fadd double %t{j}, {_fconst(rng)}")
        f.emit(f"store double %s{j}, ptr {gy}, align 8, !tbaa !5")
    f.emit("%i.next = add nuw nsw i64 %i, 1")
    f.emit("%done = icmp eq i64 %i.next, %3")
    f.emit("br i1 %done, label %exit, label %loop, !llvm.loop !11")
    f.label("exit")
    f.emit("ret void")
    body = "\n".join(f.lines)
    return (f"; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable\n"
            f"define dso_local void @{name}(ptr noundef captures(none) %0, "
            f"ptr noundef readonly captures(none) %1, double noundef %2, i64 noundef %3) "
            f"local_unnamed_addr #0 {{\n{body}\n}}\n")


def _reduce(name: str, rng: random.Random, callees: list[str]) -> str:
    """A floating reduction with a conditional, a select and maybe a call to another function."""
    f = _Fn()
    k = rng.randint(1, 5)
    f.emit("%3 = icmp sgt i32 %1, 0")
    f.emit("br i1 %3, label %ph, label %exit")
    f.label("ph")
    f.emit("%n = zext nneg i32 %1 to i64")
    f.emit("br label %loop")
    f.label("loop")
    f.emit("%i = phi i64 [ 0, %ph ], [ %i.next, %latch ]")
    f.emit("%acc = phi double [ 0.000000e+00, %ph ], [ %acc.next, %latch ]")
    f.emit("%g = getelementptr inbounds nuw double, ptr %0, i64 %i")
    f.emit("%x = load double, ptr %g, align 8, !tbaa !5")
    prev = "%x"
    for j in range(k):
        op = rng.choice(["fmul", "fadd", "fabs", "fmuladd", "maxnum", "fdiv"])
        c = _fconst(rng)
        if op == "fabs":
            f.emit(f"%e{j} = tail call double @llvm.fabs.f64(double {prev})")
        elif op == "fmuladd":
            f.emit(f"%e{j} = tail call double @llvm.fmuladd.f64(double {prev}, double {c}, double %x)")
        elif op == "maxnum":
            f.emit(f"%e{j} = tail call double @llvm.maxnum.f64(double {prev}, double {c})")
        else:
            f.emit(f"%e{j} = {op} double {prev}, {c}")
        prev = f"%e{j}"
    f.emit(f"%cmp = fcmp ogt double {prev}, %2")
    f.emit("br i1 %cmp, label %then, label %latch")
    f.label("then")
    if callees and rng.random() < 0.5:
        f.emit(f"%r = tail call double @{rng.choice(callees)}(ptr noundef %0, i32 noundef 4, double noundef {prev})")
    else:
        f.emit(f"%r = tail call double @log(double noundef {prev}) #4")
    f.emit("%ri = fptosi double %r to i64")
    f.emit("%old = load i64, ptr @global_count, align 8, !tbaa !9")
    f.emit("%new = add nsw i64 %old, %ri")
    f.emit("store i64 %new, ptr @global_count, align 8, !tbaa !9")
    f.emit("br label %latch")
    f.label("latch")
    f.emit(f"%v = phi double [ %r, %then ], [ {prev}, %loop ]")
    f.emit("%neg = fcmp olt double %v, 0.000000e+00")
    f.emit("%sel = select i1 %neg, double 0.000000e+00, double %v")
    f.emit("%acc.next = fadd double %acc, %sel")
    f.emit("%i.next = add nuw nsw i64 %i, 1")
    f.emit("%done = icmp eq i64 %i.next, %n")
    f.emit("br i1 %done, label %exit, label %loop, !llvm.loop !18")
    f.label("exit")
    f.emit("%res = phi double [ 0.000000e+00, %2 ], [ %acc.next, %latch ]")
    f.emit("%sc = load double, ptr @global_scale, align 8, !tbaa !5")
    f.emit("%out = fmul double %res, %sc")
    f.emit("ret double %out")
    body = "\n".join(f.lines)
    # The entry block is unnamed (%2 is its number after the three arguments): rename it.
    body = body.replace("[ 0.000000e+00, %2 ]", "[ 0.000000e+00, %entry ]")
    return (f"; Function Attrs: nounwind uwtable\n"
            f"define dso_local double @{name}(ptr noundef %0, i32 noundef %1, double noundef %2) "
            f"local_unnamed_addr #2 {{\nentry:\n{body}\n}}\n")


def _particles(name: str, rng: random.Random, callees: list[str]) -> str:
    """Nested loops over an array of structs: struct GEPs, i32 fields, a switch, a printf."""
    f = _Fn()
    f.emit("%4 = icmp sgt i64 %1, 0")
    f.emit("br i1 %4, label %outer, label %exit")
    f.label("outer")
    f.emit("%p = phi i64 [ 0, %entry ], [ %p.next, %outer.latch ]")
    f.emit("%kind.addr = getelementptr inbounds nuw %struct.particle, ptr %0, i64 %p, i32 3")
    f.emit("%kind = load i32, ptr %kind.addr, align 8, !tbaa !17")
    f.emit("%m.addr = getelementptr inbounds nuw %struct.particle, ptr %0, i64 %p, i32 2")
    f.emit("%m = load double, ptr %m.addr, align 8, !tbaa !14")
    f.emit("switch i32 %kind, label %inner.ph [\n    i32 0, label %outer.latch\n"
           "    i32 7, label %report\n  ]")
    f.label("report")
    f.emit("%call = tail call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, "
           "double noundef %m, i64 noundef %p)")
    f.emit("br label %inner.ph")
    f.label("inner.ph")
    f.emit("%dtm = fdiv double %2, %m")
    f.emit("br label %inner")
    f.label("inner")
    f.emit("%d = phi i64 [ 0, %inner.ph ], [ %d.next, %inner ]")
    f.emit("%pos = getelementptr inbounds nuw %struct.particle, ptr %0, i64 %p, i32 0, i64 %d")
    f.emit("%vel = getelementptr inbounds nuw %struct.particle, ptr %0, i64 %p, i32 1, i64 %d")
    f.emit("%x = load double, ptr %pos, align 8, !tbaa !5")
    f.emit("%v = load double, ptr %vel, align 8, !tbaa !5")
    f.emit("%li = and i64 %d, 7")
    f.emit("%lg = getelementptr inbounds nuw [8 x double], ptr @lookup, i64 0, i64 %li")
    f.emit("%w = load double, ptr %lg, align 8, !tbaa !5")
    for j in range(rng.randint(0, 3)):
        f.emit(f"%f{j} = fmul double %x, {_fconst(rng)}")
        f.emit(f"%w{j} = fsub double %w, %f{j}")
    f.emit("%dv = tail call double @llvm.fmuladd.f64(double %dtm, double %w, double %v)")
    f.emit("store double %dv, ptr %vel, align 8, !tbaa !5")
    f.emit("%nx = tail call double @llvm.fmuladd.f64(double %2, double %dv, double %x)")
    f.emit("store double %nx, ptr %pos, align 8, !tbaa !5")
    f.emit("%d.next = add nuw nsw i64 %d, 1")
    f.emit("%d.done = icmp eq i64 %d.next, 3")
    f.emit("br i1 %d.done, label %inner.exit, label %inner, !llvm.loop !18")
    f.label("inner.exit")
    f.emit("%ct = add nsw i32 %kind, 1")
    f.emit("%cc = icmp slt i32 %ct, %3")
    f.emit("%nk = select i1 %cc, i32 %ct, i32 0")
    f.emit("store i32 %nk, ptr %kind.addr, align 8, !tbaa !17")
    f.emit("br label %outer.latch")
    f.label("outer.latch")
    f.emit("%p.next = add nuw nsw i64 %p, 1")
    f.emit("%p.done = icmp eq i64 %p.next, %1")
    f.emit("br i1 %p.done, label %exit, label %outer, !llvm.loop !11")
    f.label("exit")
    f.emit("ret void")
    body = "\n".join(f.lines)
    return (f"; Function Attrs: nounwind uwtable\n"
            f"define dso_local void @{name}(ptr noundef captures(none) %0, i64 noundef %1, "
            f"double noundef %2, i32 noundef %3) local_unnamed_addr #2 {{\nentry:\n{body}\n}}\n")


def _driver(name: str, rng: random.Random, callees: list[str]) -> str:
    """Straight-line code that calls other functions of the module and combines the results."""
    f = _Fn()
    f.emit("%g = alloca %struct.grid, align 8")
    f.emit("%buf = getelementptr inbounds nuw %struct.grid, ptr %g, i64 0, i32 0")
    f.emit("store ptr %0, ptr %buf, align 8")
    acc = "%2"
    for j in range(rng.randint(2, 6)):
        callee = rng.choice(callees)
        f.emit(f"%r{j} = tail call double @{callee}(ptr noundef %0, i32 noundef {rng.randint(2, 64)}, "
               f"double noundef {acc})")
        f.emit(f"%a{j} = fadd double %r{j}, {_fconst(rng)}")
        f.emit(f"%q{j} = tail call double @sqrt(double noundef %a{j}) #4")
        acc = f"%q{j}"
    f.emit("%p = load ptr, ptr %buf, align 8")
    f.emit("%gp = getelementptr inbounds nuw i8, ptr %p, i64 8")
    f.emit(f"store double {acc}, ptr %gp, align 8, !tbaa !5")
    f.emit(f"ret double {acc}")
    body = "\n".join(f.lines)
    return (f"; Function Attrs: nounwind uwtable\n"
            f"define dso_local double @{name}(ptr noundef %0, i32 noundef %1, double noundef %2) "
            f"local_unnamed_addr #2 {{\nentry:\n{body}\n}}\n")


_SHAPES = [(_axpy, 4), (_reduce, 4), (_particles, 2), (_driver, 1)]


def make_module(target_instructions: int, seed: int = 0) -> str:
    """A module of about `target_instructions` instructions (counted by the caller exactly)."""
    rng = random.Random(seed)
    shapes = [s for s, w in _SHAPES for _ in range(w)]
    parts = [HEADER]
    reducers: list[str] = []       # functions with the (ptr, i32, double) -> double signature
    count = 0
    i = 0
    while count < target_instructions:
        shape = rng.choice(shapes)
        if shape is _driver and not reducers:
            shape = _reduce
        name = f"{shape.__name__[1:]}_{i}"
        text = shape(name, rng, reducers[-50:])
        if shape in (_reduce, _driver):
            reducers.append(name)
        parts.append(text)
        # Instruction lines are the indented ones, minus switch case continuation lines.
        count += sum(1 for line in text.splitlines()
                     if line.startswith("  ") and not line.startswith("    ") and not line.strip() == "]")
        i += 1
    parts.append(FOOTER)
    return "\n".join(parts)
