"""What the reverse sweep reads from the augmented forward sweep.

``ReverseNeeds`` is the half of ``AugmentedBuilder`` (``ad/sweeps/augment.py``) that
answers, per primal instruction, whether it has a reverse rule to run
(``needs_reverse``), which forward-sweep values that rule reads (``needs``), and
which of those the reverse sweep can have without a tape: recomputed from
their operands (``is_recomputable``: address and integer arithmetic, casts,
compares, lane moves, floats the planner chose), or re-read from memory that
does not change between the sweeps (``is_rereadable``).  ``RecordPlanner``
(``ad/sweeps/records.py``) tapes the rest.

It reads the builder's state: the shadows, the augmented, custom and indirect
calls, heap allocations and reallocs, the request and ``reuse`` (False under
``--no-reuse``, where nothing is recomputed or re-read and every value the
reverse sweep reads is taped: the conservative derivative the fuzzers compare
with).
"""

from __future__ import annotations

from enzyme_opt.ad.parallel import gpu, openmp
from enzyme_opt.ad.rules.elementwise import elementwise_rule
from enzyme_opt.ad.rules.primal_math import partner_call
from enzyme_opt.ad.sweeps import reallocs
from enzyme_opt.ad.sweeps.gradient_log import logged_operands
from enzyme_opt.analysis.memory import cannot_overlap
from enzyme_opt.analysis.types import underlying_object
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.module import GlobalVariable
from enzyme_opt.ir.values import Argument, Constant, Value
from enzyme_opt.knowledge import calls
from enzyme_opt.knowledge.calls import allocation, call_kind, math_rule_of

#: Pure, cheap opcodes recomputed in the reverse sweep rather than cached:
#: address and integer arithmetic, casts, compares, and the lane moves of
#: SIMD code (what the SLP vectorizer builds around re-readable loads).
RECOMPUTABLE = frozenset({"getelementptr", "bitcast", "addrspacecast", "zext", "sext", "trunc",
                          "ptrtoint", "inttoptr", "add", "sub", "mul", "shl", "lshr", "ashr",
                          "and", "or", "xor", "icmp", "fcmp", "sitofp", "uitofp", "freeze",
                          "insertelement", "shufflevector"})
#: Recomputed only when what they pick from is itself free to have: rebuilding
#: them from a cached source would tape more than the value (a lane of a
#: vector, one of two choices).
RECOMPUTABLE_FROM_FREE = frozenset({"extractvalue", "extractelement", "select"})
ELEMENTWISE_OPCODES = frozenset({"fadd", "fsub", "fmul", "fdiv", "frem", "fneg"})


def release_args(inst: I.Instruction) -> list[Value]:
    """The arguments of an allocation call that freeing its memory needs
    (a program's deallocator may take some: ``__enzyme_allocation_like``)."""
    if not isinstance(inst, I.CallInst):
        return []
    return [inst.arg(i) for i in allocation(inst.called_function).free_args if i >= 0]


class ReverseNeeds:
    """Which primal instructions have a reverse rule, what each reads, and which of those
    values the reverse sweep has without a tape (a mixin of ``AugmentedBuilder``)."""

    def needs_reverse(self, inst: I.Instruction) -> bool:
        """Has ``inst`` a reverse rule to run?  Asked for every instruction by the tape's
        planner and again by the reverse sweep, once the forward sweep is built: the answer
        is kept, as ``needs``' is."""
        known = self.reverse_needed.get(inst)
        if known is None:
            known = self.reverse_needed[inst] = self._needs_reverse(inst)
        return known

    def _needs_reverse(self, inst: I.Instruction) -> bool:
        op = inst.opcode
        if inst in self.custom_calls or inst in self.indirect_calls:
            return True
        if inst in self.custom_results:
            return False  # its adjoint goes to the gradient rule (custom_calls)
        if self.is_active(inst) and op not in ("phi",):
            return True
        if op == "store":
            return inst.pointer in self.shadow and T.contains_float(inst.value.type)
        if inst in self.calls or inst in self.heap_shadows or inst in self.heap_primals:
            return True
        if isinstance(inst, I.CallInst):
            if call_kind(inst) in (calls.COPY, calls.FILL):
                return inst.arg(0) in self.shadow
            return gpu.is_barrier_call(inst) or openmp.is_mirrored_call(inst)
        if op == "atomicrmw":
            return inst.operand(0) in self.shadow and inst.operand(1) in self.varied
        return False  # barriers and mirrored runtime calls are calls

    def needs(self, inst: I.Instruction) -> list[Value]:
        """Forward-sweep values the reverse rule of ``inst`` reads (with run-time
        activity, the pointers its shadows are checked against too).  Asked once the
        forward sweep is built, by the tape's planner and again by the reverse rule of a
        float operation, when nothing it depends on changes any more: the answer is kept
        (the caller must not change the list)."""
        needed = self.needed.get(inst)
        if needed is None:
            needed = self.needed[inst] = self._needs_of(inst)
        return needed

    def _needs_of(self, inst: I.Instruction) -> list[Value]:
        needed = list(self._needs(inst))
        if self.runtime.enabled and inst not in self.calls and inst not in self.custom_calls:
            pointers = inst.args[:2] if isinstance(inst, I.CallInst) else \
                [inst.operand(1) if inst.opcode == "store" else inst.operand(0)] \
                if inst.opcode in ("load", "store", "atomicrmw") else []
            needed += [p for p in pointers if self.runtime.may_be_constant(p)
                       and p in self.shadow]
        return needed

    def _needs(self, inst: I.Instruction) -> list[Value]:
        op = inst.opcode
        if inst in self.calls:
            return list(self.calls[inst][1])
        if inst in self.custom_calls:
            call = self.custom_calls[inst]
            return [*call.args, *([inst] if call.tape is not None else [])]
        if inst in self.indirect_calls:
            call = self.indirect_calls[inst]
            return [*call.args, call.table, call.callee, inst]
        if inst in self.reallocs:
            old, size = reallocs.old_and_size(inst)
            return [self.shadow[inst], self.shadow_of(old), size]
        if inst in self.heap_primals:   # freed by the reverse, with its shadow if any
            return [inst, *([self.shadow[inst]] if inst in self.heap_shadows else [])]
        if inst in self.heap_shadows:
            return [self.shadow[inst], *release_args(inst)]
        if op == "load":
            return [self.shadow[inst.pointer]] if inst.pointer in self.shadow else []
        if op in ("store", "atomicrmw"):
            return [self.shadow[inst.pointer if op == "store" else inst.operand(0)]]
        if isinstance(inst, I.CallInst):
            if gpu.is_barrier_call(inst):
                return []
            if openmp.is_mirrored_call(inst):
                return openmp.mirror_needs(inst)
            kind = call_kind(inst)
            if kind == calls.COPY:
                return [self.shadow[inst.arg(0)], self.shadow.get(inst.arg(1)), inst.arg(2)]
            if kind == calls.FILL:
                return [self.shadow[inst.arg(0)], inst.arg(2)]
            if kind == calls.SHUFFLE:  # the lane mask and the distance
                return [inst.arg(0), inst.arg(2)]
            partner = self.partner_of(inst)
            if partner is not None:
                return [partner] if self.is_active(inst.arg(0)) else []
            return self._rule_reads(math_rule_of(inst.called_function), inst, inst.args)
        if op in ELEMENTWISE_OPCODES:
            return self._rule_reads(op, inst, inst.operands)
        if op in ("fpext", "fptrunc", "bitcast", "freeze", "extractvalue",
                  "insertvalue", "shufflevector"):
            return []
        if op == "select":
            return [inst.operand(0)]
        if op in ("extractelement",):
            return [inst.operand(1)]
        if op in ("insertelement",):
            return [inst.operand(2)]
        return [*inst.operands, inst]

    def partner_of(self, inst: I.CallInst):
        """The primal's call whose value the partial of the math call ``inst`` is
        (``cos(θ)`` beside ``sin(θ)``: ``rules/primal_math.partner_call``), read by the
        reverse sweep instead of the operand; None under ``--no-reuse``."""
        if not self.reuse or self.logs_values:
            return None
        if inst not in self.partners:
            self.partners[inst] = partner_call(inst)
        return self.partners[inst]

    def _rule_reads(self, rule_name: str, inst, operands) -> list[Value]:
        """What the partials of the active operands read."""
        rule = elementwise_rule(rule_name)
        reads: dict[Value, None] = {}
        for k, operand in enumerate(operands):
            if not self.is_active(operand):
                continue
            positions, result = rule.reads_for(k)
            for position in positions:  # (a loop: asked for every active operation, twice)
                reads[operands[position]] = None
            if result:
                reads[inst] = None
        if self.logs_values:
            reads.update(dict.fromkeys([inst, *logged_operands(inst)]))
        return list(reads)

    def is_recomputable(self, value: Value) -> bool:
        if not self.reuse or not isinstance(value, I.Instruction) or \
                value in self.loop_counts:
            return False
        known = self.recomputable.get(value)
        if known is not None:
            return known
        self.recomputable[value] = False  # a cycle (through phis) is not recomputable
        op = value.opcode
        if value in self.float_recompute:
            # chosen by the planner (records._recompute_cheap_floats): what it is built
            # from is on the tape or rebuilt
            answer = not value.type.is_aggregate
        elif op == "insertvalue":
            # The lanes of a shadow ([W x ptr] built from per-lane GEPs) are as
            # cheap to rebuild as the GEPs.
            answer = True
        elif op in RECOMPUTABLE_FROM_FREE:
            sources = value.operands[1:] if op == "select" else value.operands[:1]
            answer = all(self.is_free(v) for v in sources)
        else:
            answer = (op in RECOMPUTABLE or value in self.float_recompute
                      or self.is_rereadable(value) or gpu.is_thread_query_call(value)
                      or self.recomputed_for_another_round(value)) \
                and not value.type.is_aggregate
        self.recomputable[value] = answer
        return answer

    def is_free(self, value: Value) -> bool:
        """Available in the reverse sweep without taping it."""
        return isinstance(value, (Argument, Constant)) or self.is_recomputable(value)

    def is_rereadable(self, value: Value) -> bool:
        """A load the reverse sweep can simply repeat: it reads a constant
        global, a local array written only before it is read (``settled_memory``,
        kept for the reverse sweep), or an argument's or a global's memory that the
        request says does not change between the sweeps (never other memory the call
        tree allocates and writes)."""
        if not self.reuse or not isinstance(value, I.LoadInst) or value.volatile \
                or value.ordering:
            return False
        base = underlying_object(value.pointer)
        if (isinstance(base, GlobalVariable) and base.is_constant) or base in self.settled_memory:
            return True
        unchanged = self.request.reread_memory
        if unchanged is False or not isinstance(base, (Argument, GlobalVariable)):
            return False
        if unchanged is True:
            return True
        if isinstance(base, Argument):
            # The written set names the primal's parameters; the load reads one of this
            # function's (whose shadows sit between them: positions differ).
            if base not in self.primal_args:
                return False
            base = self.request.function.args[self.primal_args.index(base)]
        return all(cannot_overlap(base, w) for w in unchanged)
