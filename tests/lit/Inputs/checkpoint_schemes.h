/* Checkpointing schemes for enzyme-opt's tests of __enzyme_checkpoint_for.
 *
 * The ABI (structure layouts, action flags, the driver's slots -2 and -1) is
 * Enzyme's enzyme/checkpoint.h protocol, which follows Revolve's actions
 * (Griewank and Walther, ACM TOMS Alg. 799); the schemes below are our own,
 * written for the tests: each computes its whole action list when the loop
 * starts (it knows the number of steps) and hands the actions out in order.
 *
 *   ckpt_periodic  K segments: the start of each is stored in the forward
 *                  sweep; reversing a segment stores the state before each
 *                  of its steps (K = 1: every step stored).
 *   ckpt_bisect    recursive bisection: store the start of a range, run to
 *                  its middle, reverse the second half, restore the start,
 *                  reverse the first half; log2(n) + 1 slots in use at once.
 *   ckpt_online    for __enzyme_checkpoint_while too: stores before every
 *                  step while the loop runs (STORE j, FORWARD to j + 1, …);
 *                  told the number of steps (set_nsteps), it goes back to the
 *                  last step's snapshot and reverses from there.
 *
 * Both keep snapshots in malloc'd slots and count what they did in
 * ckpt_stats.  A test sets ckpt_trace = 1 to print every action. */
#ifndef ENZYME_OPT_TEST_CHECKPOINT_SCHEMES_H
#define ENZYME_OPT_TEST_CHECKPOINT_SCHEMES_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { CKPT_STORE = 1, CKPT_RESTORE = 2, CKPT_FORWARD = 3, CKPT_FIRSTUTURN = 4,
       CKPT_UTURN = 5, CKPT_DONE = 7 };

typedef struct { int32_t flag; int64_t iteration, startiteration, cpnum; } CkptAction;
#ifdef CKPT_REGION_CALLBACK_FIELDS
/* The layout of EnzymeCkptRegion in <enzyme/checkpoint.h>'s later version, which adds a
 * region's shadow and callbacks (for state a frontend snapshots itself, flag 1): 40
 * bytes. enzyme-opt takes the layout from the struct of that name. Memory regions have
 * flags 0 and no callbacks, which ckpt_store checks. */
typedef struct EnzymeCkptRegion {
  void *ptr;
  uint64_t bytes;
  uint32_t addrspace, flags;
  void *shadow;
  const void *callbacks;
} CkptRegion;
#else
typedef struct { void *ptr; uint64_t bytes; uint32_t addrspace, flags; } CkptRegion;
#endif
typedef struct {
  uint32_t version;
  void *(*init)(void *data, int64_t nsteps, uint64_t snapshot_bytes);
  void (*next_action)(void *state, CkptAction *out);
  void (*store)(void *state, int64_t slot, int64_t step, const CkptRegion *r, uint64_t nr);
  void (*restore)(void *state, int64_t slot, int64_t step, const CkptRegion *r, uint64_t nr);
  void (*set_nsteps)(void *state, int64_t nsteps);
  void (*finalize)(void *state);
  void (*save_state)(void *state, int64_t slot, int64_t step, void *env);
  void (*load_state)(void *state, int64_t slot, int64_t step, void *env);
  void (*set_paths)(void *state, const int64_t *paths, uint64_t len);
} CkptScheme;

extern int enzyme_scheme;
extern int enzyme_checkpoint_region;
void __enzyme_checkpoint_for(void *step, int64_t start, int64_t n, ...);

typedef struct {
  int64_t stores, restores, forward_steps, taped_steps, max_slots, actions;
  uint64_t snapshot_bytes;
} CkptStats;
static CkptStats ckpt_stats;
static int ckpt_trace;

typedef struct {
  CkptAction *actions;
  int64_t count, capacity, next;
  void **slots; /* slot s at index s + 2 */
  int64_t nslots, in_use;
  uint64_t bytes;
  int online, stored; /* ckpt_online before set_nsteps: the step before `position` */
  int64_t position;
} CkptState;

static void ckpt_emit(CkptState *s, int32_t flag, int64_t iteration, int64_t start, int64_t cpnum) {
  if (s->count == s->capacity) {
    s->capacity = s->capacity ? 2 * s->capacity : 64;
    s->actions = (CkptAction *)realloc(s->actions, s->capacity * sizeof(CkptAction));
  }
  CkptAction a = {flag, iteration, start, cpnum};
  s->actions[s->count++] = a;
}

static CkptState *ckpt_new(uint64_t bytes) {
  CkptState *s = (CkptState *)calloc(1, sizeof(CkptState));
  s->bytes = bytes;
  memset(&ckpt_stats, 0, sizeof ckpt_stats);
  ckpt_stats.snapshot_bytes = bytes;
  return s;
}

/* Reverse steps [a, b) from the state before step a; slots from `slot` up are free. */
static void ckpt_bisect_range(CkptState *s, int64_t a, int64_t b, int64_t slot, int first) {
  if (b - a == 1) {
    ckpt_emit(s, first ? CKPT_FIRSTUTURN : CKPT_UTURN, b, a, slot);
    return;
  }
  int64_t middle = a + (b - a) / 2;
  ckpt_emit(s, CKPT_STORE, a, a, slot);
  ckpt_emit(s, CKPT_FORWARD, middle, a, slot);
  ckpt_bisect_range(s, middle, b, slot + 1, first);
  ckpt_emit(s, CKPT_RESTORE, a, a, slot);
  ckpt_bisect_range(s, a, middle, slot, 0);
}

static void *ckpt_bisect_init(void *data, int64_t nsteps, uint64_t bytes) {
  (void)data;
  CkptState *s = ckpt_new(bytes);
  if (nsteps > 0)
    ckpt_bisect_range(s, 0, nsteps, 0, 1);
  ckpt_emit(s, CKPT_DONE, 0, 0, -1);
  return s;
}

/* Reverse the segment [a, b), whose start is the state, storing each step's start. */
static void ckpt_reverse_segment(CkptState *s, int64_t a, int64_t b, int64_t base, int first) {
  for (int64_t j = a; j < b - 1; j++) {
    ckpt_emit(s, CKPT_STORE, j, j, base + (j - a));
    ckpt_emit(s, CKPT_FORWARD, j + 1, j, base + (j - a));
  }
  ckpt_emit(s, first ? CKPT_FIRSTUTURN : CKPT_UTURN, b, b - 1, base + (b - 1 - a));
  for (int64_t j = b - 2; j >= a; j--) {
    ckpt_emit(s, CKPT_RESTORE, j, j, base + (j - a));
    ckpt_emit(s, CKPT_UTURN, j + 1, j, base + (j - a));
  }
}

static void *ckpt_periodic_init(void *data, int64_t nsteps, uint64_t bytes) {
  int64_t segments = *(const int64_t *)data;
  CkptState *s = ckpt_new(bytes);
  if (segments > nsteps)
    segments = nsteps;
  if (nsteps > 0) {
    #define CKPT_START(k) ((k) * nsteps / segments)
    for (int64_t k = 0; k + 1 < segments; k++) {
      ckpt_emit(s, CKPT_STORE, CKPT_START(k), CKPT_START(k), k);
      ckpt_emit(s, CKPT_FORWARD, CKPT_START(k + 1), CKPT_START(k), k);
    }
    ckpt_reverse_segment(s, CKPT_START(segments - 1), nsteps, segments, 1);
    for (int64_t k = segments - 2; k >= 0; k--) {
      ckpt_emit(s, CKPT_RESTORE, CKPT_START(k), CKPT_START(k), k);
      ckpt_reverse_segment(s, CKPT_START(k), CKPT_START(k + 1), segments, 0);
    }
    #undef CKPT_START
  }
  ckpt_emit(s, CKPT_DONE, 0, 0, -1);
  return s;
}

/* A loop of unknown length (nsteps = -1): no list yet; ckpt_next hands out
   STORE j / FORWARD j+1 pairs until set_nsteps. */
static void *ckpt_online_init(void *data, int64_t nsteps, uint64_t bytes) {
  int64_t one_segment = 1;
  CkptState *s;
  (void)data;
  if (nsteps >= 0)
    return ckpt_periodic_init(&one_segment, nsteps, bytes);
  s = ckpt_new(bytes);
  s->online = 1;
  return s;
}

static void ckpt_online_set_nsteps(void *state, int64_t n) {
  CkptState *s = (CkptState *)state;
  s->online = 0;
  s->count = s->next = 0;
  ckpt_emit(s, CKPT_RESTORE, n - 1, n - 1, n - 1);
  ckpt_emit(s, CKPT_FIRSTUTURN, n, n - 1, n - 1);
  for (int64_t j = n - 2; j >= 0; j--) {
    ckpt_emit(s, CKPT_RESTORE, j, j, j);
    ckpt_emit(s, CKPT_UTURN, j + 1, j, j);
  }
  ckpt_emit(s, CKPT_DONE, 0, 0, -1);
}

static void ckpt_next(void *state, CkptAction *out) {
  CkptState *s = (CkptState *)state;
  if (s->online) {
    int64_t j = s->position;
    CkptAction store = {CKPT_STORE, j, j, j}, forward = {CKPT_FORWARD, j + 1, j, j};
    if (s->stored) s->position++;
    *out = s->stored ? forward : store;
    s->stored = !s->stored;
    if (ckpt_trace)
      printf("action %d %lld %lld %lld\n", out->flag, (long long)out->iteration,
             (long long)out->startiteration, (long long)out->cpnum);
    return;
  }
  if (s->next >= s->count) {
    fprintf(stderr, "scheme: asked past DONE\n");
    abort();
  }
  *out = s->actions[s->next++];
  ckpt_stats.actions++;
  if (out->flag == CKPT_FORWARD)
    ckpt_stats.forward_steps += out->iteration - out->startiteration;
  if (out->flag == CKPT_FIRSTUTURN || out->flag == CKPT_UTURN)
    ckpt_stats.taped_steps++;
  if (ckpt_trace)
    printf("action %d %lld %lld %lld\n", out->flag, (long long)out->iteration,
           (long long)out->startiteration, (long long)out->cpnum);
}

static void ckpt_store(void *state, int64_t slot, int64_t step, const CkptRegion *r, uint64_t nr) {
  CkptState *s = (CkptState *)state;
  (void)step;
  int64_t index = slot + 2;
  if (index >= s->nslots) {
    int64_t n = 2 * index + 4;
    s->slots = (void **)realloc(s->slots, n * sizeof(void *));
    for (int64_t k = s->nslots; k < n; k++)
      s->slots[k] = NULL;
    s->nslots = n;
  }
  if (!s->slots[index]) {
    s->slots[index] = malloc(s->bytes ? s->bytes : 1);
    if (slot >= 0 && ++s->in_use > ckpt_stats.max_slots)
      ckpt_stats.max_slots = s->in_use;
  }
  uint64_t offset = 0;
  for (uint64_t k = 0; k < nr; k++) {
#ifdef CKPT_REGION_CALLBACK_FIELDS
    if (r[k].flags || r[k].callbacks) {
      fprintf(stderr, "scheme: region %llu is not plain memory\n", (unsigned long long)k);
      abort();
    }
#endif
    memcpy((char *)s->slots[index] + offset, r[k].ptr, r[k].bytes);
    offset += r[k].bytes;
  }
  if (offset != s->bytes) {
    fprintf(stderr, "scheme: regions hold %llu bytes, init said %llu\n",
            (unsigned long long)offset, (unsigned long long)s->bytes);
    abort();
  }
  if (slot >= 0)
    ckpt_stats.stores++;
}

static void ckpt_restore(void *state, int64_t slot, int64_t step, const CkptRegion *r, uint64_t nr) {
  CkptState *s = (CkptState *)state;
  (void)step;
  int64_t index = slot + 2;
  if (index >= s->nslots || !s->slots[index]) {
    fprintf(stderr, "scheme: slot %lld restored before it was stored\n", (long long)slot);
    abort();
  }
  uint64_t offset = 0;
  for (uint64_t k = 0; k < nr; k++) {
    memcpy(r[k].ptr, (char *)s->slots[index] + offset, r[k].bytes);
    offset += r[k].bytes;
  }
  if (slot >= 0)
    ckpt_stats.restores++;
}

static void ckpt_finalize(void *state) {
  CkptState *s = (CkptState *)state;
  if (s->next != s->count) {
    fprintf(stderr, "scheme: finalized before DONE\n");
    abort();
  }
  for (int64_t k = 0; k < s->nslots; k++)
    free(s->slots[k]);
  free(s->slots);
  free(s->actions);
  free(s);
}

static const CkptScheme ckpt_periodic = {1, ckpt_periodic_init, ckpt_next, ckpt_store,
                                         ckpt_restore, NULL, ckpt_finalize, NULL, NULL, NULL};
static const CkptScheme ckpt_bisect = {1, ckpt_bisect_init, ckpt_next, ckpt_store,
                                       ckpt_restore, NULL, ckpt_finalize, NULL, NULL, NULL};
static const CkptScheme ckpt_online = {1, ckpt_online_init, ckpt_next, ckpt_store,
                                       ckpt_restore, ckpt_online_set_nsteps, ckpt_finalize,
                                       NULL, NULL, NULL};
void __enzyme_checkpoint_while(void *step, ...);

#endif
