"""A CPU stand-in for the GPU, so run.py's checks can run where no GPU is:
the differentiated NVPTX IR (``*.grad.ll`` from build.py) is retargeted to
the host and every GPU thread becomes a host thread.

What it models: one block at a time, its threads running concurrently
(``__syncthreads()`` is a pthread barrier, so shared memory — one copy,
reused block after block — sees the same orderings as on a GPU);
``threadIdx``/``blockIdx``/``blockDim``/``gridDim`` from thread-local
state; libdevice math (``__nv_sin`` …) from the host's libm; atomics are
the host's; a warp shuffle (``__shfl_down_sync`` …) posts each thread's value
and reads its source lane's between two block-wide barriers, so every thread
of the block must reach it, as in the test kernels.  What it does not: warps
otherwise, timing, the PTX itself (ptxas checks that).  The retargeting is
textual and only meant for the kernels under ``tests/gpu/kernels`` and those
``tests/gpu/fuzz.py`` writes: an NVVM intrinsic it does not know is an error.

Needs clang-22 (to compile the retargeted IR and the harness) and NumPy.
"""

from __future__ import annotations

import ctypes
import hashlib
import importlib.util
import os
import re
import shutil
import subprocess
import tempfile

CLANG = os.environ.get("CLANG", "clang-22")
X86_LAYOUT = ("e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64"
              "-S128")
#: libdevice functions the kernels' primal and derivative code may call
UNARY = ("sin cos tan exp exp2 log log2 log10 log1p expm1 sqrt cbrt tanh sinh cosh asin acos "
         "atan erf erfc fabs floor ceil trunc round").split()
BINARY = "pow atan2 hypot fmod copysign fmin fmax".split()
FAST = "exp log log2 log10 sin cos tan".split()

HARNESS = r"""
#include <math.h>
#include <pthread.h>
#include <stdlib.h>

typedef void (*kernel3)(void *, void *, int);
typedef void (*kernel5)(void *, void *, void *, void *, int);

static __thread int tid[3], ctaid[3];
static int ntid[3], nctaid[3];
static pthread_barrier_t block_barrier;

#define SREG(name, array, d) int emu_sreg_##name##_##d(void) { return array[#d[0] - 'x']; }
#define SREGS(name, array) SREG(name, array, x) SREG(name, array, y) SREG(name, array, z)
SREGS(tid, tid) SREGS(ntid, ntid) SREGS(ctaid, ctaid) SREGS(nctaid, nctaid)

void emu_barrier(int id) { (void)id; pthread_barrier_wait(&block_barrier); }

int emu_laneid(void) { return tid[0] & 31; }

/* Warp shuffles (PTX's shfl.sync; mode 0 down, 1 up, 2 bfly, 3 idx): every thread of the block
 * posts its value, waits for all, reads its source lane's, and waits again. */
static float shuffle_slot[1024];
static int shuffle_source(int mode, int b, int c, int *in_range) {
  int lane = tid[0] & 31, segmask = (c >> 8) & 31, clamp = c & 31;
  int max_lane = (lane & segmask) | (clamp & ~segmask), j;
  if (mode == 0) { j = lane + b; *in_range = j <= max_lane; }
  else if (mode == 1) { j = lane - b; *in_range = j >= max_lane; }
  else if (mode == 2) { j = lane ^ b; *in_range = j <= max_lane; }
  else { j = (lane & segmask) | (b & ~segmask); *in_range = j <= max_lane; }
  return *in_range ? j : lane;
}
float emu_shfl(int mode, float v, int b, int c) {
  int ok, j = shuffle_source(mode, b, c, &ok);
  shuffle_slot[tid[0]] = v;
  pthread_barrier_wait(&block_barrier);
  float r = shuffle_slot[tid[0] - (tid[0] & 31) + j];
  pthread_barrier_wait(&block_barrier);
  return r;
}
int emu_shfl_i(int mode, int v, int b, int c) {  /* the same, on 32 bits */
  union { int i; float f; } in = {v}, out;
  out.f = emu_shfl(mode, in.f, b, c);
  return out.i;
}
int emu_shfl_in_range(int mode, int b, int c) {
  int ok;
  shuffle_source(mode, b, c, &ok);
  return ok;
}

struct launch { void *fn; int arity; void *args[4]; int n; int block; int thread; };

static void *run_thread(void *p) {
  struct launch *l = p;
  tid[0] = l->thread; tid[1] = tid[2] = 0;
  ctaid[0] = l->block; ctaid[1] = ctaid[2] = 0;
  if (l->arity == 3)
    ((kernel3)l->fn)(l->args[0], l->args[1], l->n);
  else
    ((kernel5)l->fn)(l->args[0], l->args[1], l->args[2], l->args[3], l->n);
  return 0;
}

int emu_launch(void *fn, int arity, int grid, int block, void **args, int n) {
  struct launch *ls = calloc(block, sizeof *ls);
  pthread_t *ts = calloc(block, sizeof *ts);
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, 1 << 18);
  ntid[0] = block; ntid[1] = ntid[2] = 1;
  nctaid[0] = grid; nctaid[1] = nctaid[2] = 1;
  int failed = 0;
  for (int b = 0; b < grid && !failed; b++) {
    pthread_barrier_init(&block_barrier, 0, block);
    for (int t = 0; t < block; t++) {
      ls[t].fn = fn; ls[t].arity = arity; ls[t].n = n; ls[t].block = b; ls[t].thread = t;
      for (int a = 0; a < 4; a++) ls[t].args[a] = args[a];
      if (pthread_create(&ts[t], &attr, run_thread, &ls[t])) { failed = 1; break; }
    }
    for (int t = 0; t < block; t++) pthread_join(ts[t], 0);
    pthread_barrier_destroy(&block_barrier);
  }
  free(ls); free(ts);
  return failed;
}
"""


def backend(directory: str):
    """(the emulated backend, None), or (None, why not)."""
    if importlib.util.find_spec("numpy") is None:
        return None, "NumPy is not installed"
    try:
        subprocess.run([CLANG, "--version"], capture_output=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return None, f"{CLANG} is not available to build the CPU emulation"
    return EmulatedBackend(directory), None


def retarget(text: str) -> str:
    """NVPTX IR → host IR with the emulation's thread state and barrier."""
    text = re.sub(r'target datalayout = "[^"]*"', f'target datalayout = "{X86_LAYOUT}"', text)
    text = re.sub(r'target triple = "[^"]*"', 'target triple = "x86_64-pc-linux-gnu"', text)
    text = re.sub(r"addrspacecast \(ptr addrspace\(\d+\) (@[-\w.$]+) to ptr\)", r"\1", text)
    text = re.sub(r"= addrspacecast ptr addrspace\(\d+\) (\S+) to ptr", r"= bitcast ptr \1 to ptr",
                  text)
    text = re.sub(r"= addrspacecast ptr (\S+) to ptr addrspace\(\d+\)", r"= bitcast ptr \1 to ptr",
                  text)
    text = re.sub(r",\s*addrspace\(\d+\)", "", text)      # allocas
    text = re.sub(r"\s*addrspace\(\d+\)", "", text)        # pointer types, globals
    text = text.replace("ptx_kernel ", "")
    text = re.sub(r"@llvm\.nvvm\.read\.ptx\.sreg\.(\w+)\.([xyz])", r"@emu_sreg_\1_\2", text)
    text = re.sub(r"@llvm\.nvvm\.barrier\.cta\.sync\.aligned\.all", "@emu_barrier", text)
    text = re.sub(r'\s*"target-(cpu|features)"="[^"]*"', "", text)
    text = re.sub(r"@llvm\.nvvm\.shfl\.sync\.(down|up|bfly|idx)\.(f32|i32)(p?)\b",
                  r"@emu_shfl_\1_\2\3", text)
    text = text.replace("@llvm.nvvm.read.ptx.sreg.laneid", "@emu_laneid")
    text = re.sub(r"(?m)^declare .*@emu_shfl_\w+\(.*$", "", text) + SHUFFLE_WRAPPERS
    unknown = sorted(set(re.findall(r"@(llvm\.nvvm\.[\w.]+)", text)))
    if unknown:
        raise RuntimeError(f"emulate.py cannot stand in for {', '.join(unknown)}")
    return text


#: the shuffle intrinsics, as the retargeted IR calls them, over the harness's emu_shfl
SHUFFLE_WRAPPERS = "\ndeclare float @emu_shfl(i32, float, i32, i32)\n" \
    "declare i32 @emu_shfl_i(i32, i32, i32, i32)\n" \
    "declare i32 @emu_shfl_in_range(i32, i32, i32)\n" + "".join(
        f"define {t} @emu_shfl_{mode}_{s}(i32 %m, {t} %v, i32 %b, i32 %c) {{\n"
        f"  %r = call {t} @{f}(i32 {k}, {t} %v, i32 %b, i32 %c)\n  ret {t} %r\n}}\n"
        f"define {{ {t}, i1 }} @emu_shfl_{mode}_{s}p(i32 %m, {t} %v, i32 %b, i32 %c) {{\n"
        f"  %r = call {t} @{f}(i32 {k}, {t} %v, i32 %b, i32 %c)\n"
        f"  %ok = call i32 @emu_shfl_in_range(i32 {k}, i32 %b, i32 %c)\n"
        f"  %flag = icmp ne i32 %ok, 0\n"
        f"  %p = insertvalue {{ {t}, i1 }} poison, {t} %r, 0\n"
        f"  %q = insertvalue {{ {t}, i1 }} %p, i1 %flag, 1\n  ret {{ {t}, i1 }} %q\n}}\n"
        for k, mode in enumerate(("down", "up", "bfly", "idx"))
        for s, t, f in (("f32", "float", "emu_shfl"), ("i32", "i32", "emu_shfl_i")))


def _math_shims() -> str:
    lines = []
    for f in UNARY:
        lines.append(f"double __nv_{f}(double x) {{ return {f}(x); }}")
        lines.append(f"float __nv_{f}f(float x) {{ return {f}f(x); }}")
    for f in BINARY:
        lines.append(f"double __nv_{f}(double x, double y) {{ return {f}(x, y); }}")
        lines.append(f"float __nv_{f}f(float x, float y) {{ return {f}f(x, y); }}")
    lines.append("double __nv_powi(double x, int n) { return pow(x, n); }")
    for f in FAST:  # CUDA's fast intrinsics (__expf …): the accurate function stands in
        lines.append(f"float __nv_fast_{f}f(float x) {{ return {f}f(x); }}")
    lines.append("float __nv_fast_fdividef(float x, float y) { return x / y; }")
    lines.append("double __nv_rsqrt(double x) { return 1 / sqrt(x); }")
    lines.append("float __nv_rsqrtf(float x) { return 1 / sqrtf(x); }")
    return "\n".join(lines) + "\n"


class EmulatedBackend:
    """run.py's backend interface on NumPy arrays and host threads."""

    can_time = False
    description = "CPU emulation (emulate.py): one host thread per GPU thread, no timing"

    def __init__(self, directory: str):
        import numpy
        self.np = numpy
        self.directory = directory
        self.modules: dict[str, ctypes.CDLL] = {}

    def load(self, directory: str, kernel: dict):
        ir = os.path.join(directory, kernel["ir"])
        with open(ir) as handle:
            text = retarget(handle.read())
        key = hashlib.sha1(text.encode()).hexdigest()[:16]
        if key not in self.modules:
            self.modules[key] = self._build(text, key)
        return self.modules[key]

    def _build(self, text: str, key: str) -> ctypes.CDLL:
        # The scratch folder goes once the library is loaded: a loaded .so stays mapped after
        # its file is removed, and every test run would otherwise leave one folder in /tmp.
        work = tempfile.mkdtemp(prefix="enzyme-emulate-")
        try:
            ll, c, so = (os.path.join(work, f"{key}{ext}") for ext in (".ll", ".c", ".so"))
            with open(ll, "w") as handle:
                handle.write(text)
            with open(c, "w") as handle:
                handle.write(HARNESS + _math_shims())
            proc = subprocess.run([CLANG, "-O1", "-fPIC", "-shared", "-Wno-override-module", ll,
                                   c, "-o", so, "-lm", "-lpthread"], capture_output=True, text=True)
            if proc.returncode != 0:
                raise RuntimeError(
                    f"emulate.py: building the CPU stand-in failed:\n{proc.stderr}")
            return ctypes.CDLL(so)
        finally:
            shutil.rmtree(work, ignore_errors=True)

    def array(self, host, dtype: str = "float64"):
        return self.np.ascontiguousarray(host, dtype=dtype).copy()

    def zeros(self, n: int, dtype: str = "float64"):
        return self.np.zeros(n, dtype=dtype)

    def host(self, device):
        return device.copy()

    def launch(self, module, entry: str, grid: int, block: int, args) -> None:
        arrays = [a for a in args if not isinstance(a, int)]
        n = next(a for a in args if isinstance(a, int))
        pointers = (ctypes.c_void_p * 4)(*[a.ctypes.data for a in arrays])
        fn = ctypes.cast(getattr(module, entry), ctypes.c_void_p)
        if module.emu_launch(fn, len(args), grid, block, pointers, n) != 0:
            raise RuntimeError(f"emulate.py: could not start {block} threads")

    def time(self, *args, **kwargs):
        raise NotImplementedError("the CPU emulation does not time kernels")
