# enzyme-opt — build/test scaffolding.
#
#   make demo    differentiate examples/demo.c and check it against finite differences
#   make test    unit tests (pytest) + end-to-end tests (lit + FileCheck)
#   make bench   benchmarks (bench/run.py)
#   make fuzz    differential fuzzer: N random C programs (default 2000) at O0 and O2, 500
#                random C++ programs, 1000 llvm-stress-22 modules, 100 random CUDA kernels
#                200 random checkpointed loops and 40 random OpenMP programs at O0..O3
#                (docs/testing.md), and 2000 bad inputs (make fuzz-badinput)
#   make gpu-test  build the GPU tests (PTX, inputs, manifest) for a machine with a GPU
#   make peer PEER_DIR=<folder>  run Enzyme's own integration tests through enzyme-opt (docs/testing.md)
#
# `venv` and `toolchain` are idempotent: they do work only when something is missing
# or pyproject.toml changed.

SHELL   := /bin/bash
PYTHON  ?= python3
VENV    := .venv
VPY     := $(VENV)/bin/python
STAMP   := $(VENV)/.installed
JOBS    ?= 2

LLVM_VER   := 22
LLVM_TOOLS := clang-$(LLVM_VER) clang++-$(LLVM_VER) lli-$(LLVM_VER) llc-$(LLVM_VER) FileCheck-$(LLVM_VER) opt-$(LLVM_VER)
APT_PKGS   := clang-$(LLVM_VER) llvm-$(LLVM_VER) llvm-$(LLVM_VER)-tools libomp-$(LLVM_VER)-dev
# The OpenMP runtime `clang-22 -fopenmp` links (tests/lit/openmp); its presence is a file.
LIBOMP     := /usr/lib/llvm-$(LLVM_VER)/lib/libomp.so

.PHONY: all venv toolchain test unit lit demo bench fuzz gpu-test clean distclean

all: test

# --- Python environment -----------------------------------------------------------------

venv: $(STAMP)

$(VPY):
	$(PYTHON) -m venv $(VENV)

# Reinstall only when pyproject.toml is newer than the stamp. The editable install records
# the top-level package's location at install time, so also reinstall (once) when
# enzyme_opt/__init__.py first appears after an install made without it.  A .venv that is a
# link to another checkout's (a second git worktree sharing it) is never reinstalled from
# here: that would point the shared `enzyme-opt` at this tree for everyone.
$(STAMP): pyproject.toml $(wildcard enzyme_opt/__init__.py) | $(VPY)
	@if [ -L $(VENV) ]; then \
	  echo "$(VENV) links to a shared environment: not reinstalling enzyme-opt from this tree"; \
	else \
	  $(VPY) -m pip install -e '.[test]' && touch $@; \
	fi

# --- LLVM 22 command-line tools (apt, Debian 12) ------------------------------------------

toolchain:
	@missing=""; \
	for t in $(LLVM_TOOLS); do command -v $$t >/dev/null 2>&1 || missing="$$missing $$t"; done; \
	[ -e $(LIBOMP) ] || missing="$$missing libomp"; \
	if [ -n "$$missing" ]; then \
	  echo "toolchain: missing$$missing; installing $(APT_PKGS)"; \
	  if [ "$$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi; \
	  $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get update && \
	  $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y $(APT_PKGS); \
	fi

# --- Tests ------------------------------------------------------------------------------

test: venv toolchain
	$(MAKE) --no-print-directory unit
	$(MAKE) --no-print-directory lit

# pytest exits 5 when it collects no tests; that is not a failure of the suite.
unit: venv
	@rc=0; $(VENV)/bin/pytest -n $(JOBS) -q tests/unit || rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "pytest: no unit tests collected"; rc=0; fi; \
	exit $$rc

lit: venv toolchain
	$(VENV)/bin/lit -j $(JOBS) -v tests/lit

# --- Demo and benchmarks ------------------------------------------------------------------

demo: venv toolchain
	$(VPY) examples/demo.py

bench: venv toolchain
	$(VPY) bench/run.py

# --- Fuzzing (issue 9, docs/testing.md) -------------------------------------------------
#   make fuzz           N=2000 random C programs at O0, O2 and O1 -g (FUZZ_LEVELS: a level's
#                       `+g` adds -g, `+fast-math` -ffast-math) checking their own derivatives
#                       (tests/fuzz/run.py), then STRESS_N=1000 llvm-stress-22 modules passed
#                       through and differentiated (tests/fuzz/stress.py); fails on any wrong
#                       derivative, crash or invalid output, after running all three; in
#                       between, CPP_N=500 random C++ programs (tests/fuzz/gen_cpp.py)
#   make fuzz-programs  only the C programs (FUZZ_LEVELS=O0,O1,O2,O3 FUZZ_START=5000 …)
#   make fuzz-cpp       only the C++ programs (`make fuzz-cpp N=100`, or CPP_N; FUZZ_START …)
#   make fuzz-stress    only llvm-stress (STRESS_ARGS="--start 5000" …)
#   make fuzz-checkpoint  only the checkpointed loops: CKPT_N=200 random time steppers through
#                       __enzyme_checkpoint_for against the plain loop (tests/fuzz/checkpoint.py)
#                       at CKPT_LEVELS (O0,O1,O2,O3); failing programs go to
#                       tests/fuzz/found/checkpoint/
#   make fuzz-openmp    only the OpenMP loops: OMP_N=40 random programs with parallel loops
#                       (reductions, critical, private/firstprivate) at OMP_LEVELS (O0,O1,O2,O3),
#                       two threads, against finite differences and the same program built
#                       without -fopenmp (tests/fuzz/openmp.py); needs libomp (make toolchain)
#   make fuzz-badinput  only the bad inputs: BADINPUT_N=2000 invocations of enzyme-opt with
#                       missing or unwritable paths, truncated bitcode, random bytes, syntax
#                       errors, bad flags, C source (tests/fuzz/badinput.py), each of which
#                       must be refused in one line (exit 1, 2 for usage), no traceback, no file
#                       left behind
#   Every fuzzer builds each derivative twice, by default and with enzyme-opt --no-reuse, and
#   compares them (reuse-differs); FUZZ_ARGS=--no-compare skips that (speed experiments only).

N ?= 2000
FUZZ_LEVELS ?= O0,O2,O1+g
FUZZ_START ?= 0
STRESS_N ?= 1000
# `make fuzz-cpp N=100` counts C++ programs; without N on the command line, CPP_N of them.
CPP_N ?= 500
CPP_COUNT = $(if $(filter command line,$(origin N)),$(N),$(CPP_N))

.PHONY: fuzz-programs fuzz-cpp fuzz-stress fuzz-gpu fuzz-checkpoint fuzz-badinput fuzz-openmp
GPU_FUZZ_N ?= 100
CKPT_N ?= 200
CKPT_LEVELS ?= O0,O1,O2,O3
OMP_N ?= 40
OMP_LEVELS ?= O0,O1,O2,O3
BADINPUT_N ?= 2000
FUZZ_ARGS ?=

fuzz: venv toolchain
	@rc=0; \
	$(MAKE) --no-print-directory fuzz-programs || rc=1; \
	$(MAKE) --no-print-directory fuzz-cpp || rc=1; \
	$(MAKE) --no-print-directory fuzz-stress || rc=1; \
	$(MAKE) --no-print-directory fuzz-gpu || rc=1; \
	$(MAKE) --no-print-directory fuzz-checkpoint || rc=1; \
	$(MAKE) --no-print-directory fuzz-openmp || rc=1; \
	$(MAKE) --no-print-directory fuzz-badinput || rc=1; \
	exit $$rc

fuzz-programs: venv toolchain
	$(VPY) tests/fuzz/run.py --count $(N) --start $(FUZZ_START) --levels $(FUZZ_LEVELS) --jobs $(JOBS) $(FUZZ_ARGS)

fuzz-cpp: venv toolchain
	$(VPY) tests/fuzz/run.py --lang cpp --count $(CPP_COUNT) --start $(FUZZ_START) --levels $(FUZZ_LEVELS) --jobs $(JOBS) $(FUZZ_ARGS)

# random CUDA kernels, checked on the CPU emulation (carry build/gpufuzz to a GPU to run there)
fuzz-gpu: venv toolchain
	$(VPY) tests/gpu/fuzz.py build/gpufuzz --count $(GPU_FUZZ_N) --start $(FUZZ_START) $(FUZZ_ARGS)

fuzz-stress: venv toolchain
	$(VPY) tests/fuzz/stress.py --count $(STRESS_N) --quiet --jobs $(JOBS) $(STRESS_ARGS)

fuzz-checkpoint: venv toolchain
	$(VPY) tests/fuzz/checkpoint.py --count $(CKPT_N) --start $(FUZZ_START) --levels $(CKPT_LEVELS) --jobs $(JOBS) --quiet $(FUZZ_ARGS)

fuzz-openmp: venv toolchain
	$(VPY) tests/fuzz/openmp.py --count $(OMP_N) --start $(FUZZ_START) --levels $(OMP_LEVELS) --jobs $(JOBS) --quiet $(FUZZ_ARGS)

fuzz-badinput: venv
	$(VPY) tests/fuzz/badinput.py --count $(BADINPUT_N) --start $(FUZZ_START) --jobs $(JOBS) --quiet

# Enzyme's own integration tests (enzyme/test/Integration, kept outside the repo), RUN line by
# RUN line through enzyme-opt: passed / failed / refused per folder (tests/peer/run.py)
PEER_DIR ?= /tmp/enzyme-integration
PEER_ARGS ?=
.PHONY: peer
peer: venv toolchain
	$(VPY) tests/peer/run.py $(PEER_DIR) --jobs $(JOBS) $(PEER_ARGS)

# --- GPU tests: built here, run where the GPU is --------------------------------------------

GPU_DIR ?= build/gpu
GPU_ARCH ?= sm_80

gpu-test: venv toolchain
	$(VPY) tests/gpu/build.py $(GPU_DIR) --arch $(GPU_ARCH)
	@echo
	@echo "GPU tests built in $(GPU_DIR)/ (PTX for $(GPU_ARCH), inputs, manifest.json, run.py)."
	@echo "On a machine with an NVIDIA GPU, CUDA and CuPy (no clang needed), copy that directory and run:"
	@echo "    python3 $(GPU_DIR)/run.py $(GPU_DIR)"
	@echo "Here, without a GPU, the same checks on the CPU:  $(VPY) $(GPU_DIR)/run.py $(GPU_DIR) --emulate"

# --- Cleanup (keeps .venv; use `make distclean` to remove it too) -------------------------

clean:
	rm -rf build dist *.egg-info .pytest_cache tests/lit/Output bench/out
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -prune -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV)
