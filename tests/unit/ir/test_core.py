"""The IR model: use lists, replace-all-uses, CFG analyses, builder, cloning, dead code."""

from enzyme_opt import llvm
from enzyme_opt.ir import parse_module, print_module
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.cfg import CFG
from enzyme_opt.ir.clone import clone_function_body
from enzyme_opt.ir.module import Function
from enzyme_opt.ir.values import ConstantFP

NESTED = """
define double @f(ptr %x, i32 %n, i32 %m) {
entry:
  br label %outer
outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %outer.latch ]
  %s = phi double [ 0.0, %entry ], [ %s.inner, %outer.latch ]
  br label %inner
inner:
  %j = phi i32 [ 0, %outer ], [ %j.next, %inner ]
  %s.inner = phi double [ %s, %outer ], [ %t, %inner ]
  %p = getelementptr double, ptr %x, i32 %j
  %v = load double, ptr %p
  %t = fadd double %s.inner, %v
  %j.next = add i32 %j, 1
  %jc = icmp slt i32 %j.next, %m
  br i1 %jc, label %inner, label %outer.latch
outer.latch:
  %i.next = add i32 %i, 1
  %ic = icmp slt i32 %i.next, %n
  br i1 %ic, label %outer, label %exit
exit:
  ret double %s.inner
}
"""


def module_of(text):
    return parse_module(llvm.read_input(text.encode(), "t.ll"), "t.ll")


def blocks(fn):
    return {b.name: b for b in fn.blocks}


def test_use_lists_and_replace_all_uses():
    fn = module_of(NESTED).get_function("f")
    insts = {i.name: i for i in fn.instructions()}
    t = insts["t"]
    assert {u.user.name for u in t.uses} == {"s.inner"}
    replacement = ConstantFP(T.f64, 2.0)
    t.replace_all_uses_with(replacement)
    assert not t.has_uses()
    assert insts["s.inner"].incoming_value_for(blocks(fn)["inner"]) is replacement


def test_cfg_dominators_and_loops():
    fn = module_of(NESTED).get_function("f")
    b = blocks(fn)
    cfg = CFG(fn)
    assert cfg.rpo[0] is b["entry"] and cfg.rpo.index(b["outer"]) < cfg.rpo.index(b["inner"])
    assert cfg.dominates(b["outer"], b["exit"]) and not cfg.dominates(b["inner"], b["outer"])
    assert cfg.idom[b["inner"]] is b["outer"]
    inner, outer = cfg.loop_of[b["inner"]], cfg.loop_of[b["outer"]]
    assert inner.header is b["inner"] and inner.blocks == {b["inner"]}
    assert inner.parent is outer and outer.depth == 1 and inner.depth == 2
    assert outer.preheader is b["entry"] and outer.exits == [b["exit"]]
    assert inner.preheader is b["outer"] and inner.latches == [b["inner"]]
    assert set(b["outer"].predecessors) == {b["entry"], b["outer.latch"]}


def test_builder_and_clone_round_trip_through_llvm():
    module = module_of(NESTED)
    fn = module.get_function("f")
    twice = Function("f.twice", fn.function_type, [a.name for a in fn.args], prefix="internal")
    module.add(twice)
    vmap = clone_function_body(fn, twice)
    ret = twice.blocks[-1].terminator
    b = Builder().before(ret)
    doubled = b.fmul(vmap[[i for i in fn.instructions() if i.name == "s.inner"][0]],
                     Builder.const(T.f64, 2.0), "doubled")
    ret.set_operand(0, doubled)
    with b.before(doubled).if_then(b.fcmp("olt", doubled.operand(0), Builder.const(T.f64, 0.0))):
        b.fneg(doubled.operand(0), "unused")
    text = print_module(module)
    llvm.verify(text)  # LLVM accepts the edited module
    assert "%doubled = fmul double %s.inner, 2.000000e+00" in text
    assert "define internal double @f.twice(ptr %x, i32 %n, i32 %m)" in text
    # the original is untouched
    assert print_module(module_of(NESTED)).count("fmul") == 0


def test_unnamed_values_are_numbered_in_order():
    module = module_of("define i32 @g(i32 %0) {\n  %2 = add i32 %0, 1\n  %3 = mul i32 %2, %2\n  ret i32 %3\n}\n")
    fn = module.get_function("g")
    first = fn.blocks[0].instructions[0]
    first.name = "named"
    text = print_module(module)
    assert "%named = add i32 %0, 1" in text and "%2 = mul i32 %named, %named" in text
    llvm.verify(text)


def test_every_terminator_opcode_has_a_class_that_says_so():
    """``is_terminator`` is a class attribute of the terminators' classes (asked for every
    instruction of every sweep): each opcode of TERMINATORS parses into an instruction that
    says it is one, and no other instruction says so."""
    from enzyme_opt.ir.instructions import TERMINATORS
    module = parse_module("""
declare void @g()
declare i32 @__gxx_personality_v0(...)
define void @f(i32 %n, ptr %a) personality ptr @__gxx_personality_v0 {
entry:
  switch i32 %n, label %one [ i32 1, label %two ]
one:
  invoke void @g() to label %two unwind label %pad
two:
  callbr void asm "", "!i"() to label %three [label %four]
three:
  indirectbr ptr %a, [label %four]
four:
  br i1 true, label %five, label %six
five:
  ret void
six:
  unreachable
pad:
  %lp = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %lp
}
""")
    seen = set()
    for inst in module.get_function("f").instructions():
        assert inst.is_terminator == (inst.opcode in TERMINATORS), inst.opcode
        if inst.is_terminator:
            seen.add(inst.opcode)
    assert seen == TERMINATORS


def test_name_spellings_kept_per_process_stay_bounded(monkeypatch):
    """Printing keeps each name's spelling (``%name``, ``@"quoted name"``) for the rest of
    the process; a long Python API session must not grow that table without end."""
    from enzyme_opt.ir import module as M
    monkeypatch.setattr(M, "_MAX_SPELLINGS", 8)
    monkeypatch.setattr(M, "_LOCAL_NAMES", {})
    monkeypatch.setattr(M, "_GLOBAL_NAMES", {})
    lines = "\n".join(f"  %v{k} = fadd double %x, 1.0" for k in range(20))
    text = f"define double @\"odd name\"(double %x) {{\n{lines}\n  ret double %v19\n}}\n"
    for _ in range(3):
        module = parse_module(text)
        assert print_module(module).count("%v1") == 11 + 1  # %v1, %v10..%v19 and the ret
        assert module.get_function("odd name").ref() == '@"odd name"'
    assert len(M._LOCAL_NAMES) <= 8 and len(M._GLOBAL_NAMES) <= 8


DEAD_CODE = """
define double @f(ptr %x, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %sum = phi double [ 0.0, %entry ], [ %sum.next, %loop ]
  %p = getelementptr double, ptr %x, i64 %i
  %v = load double, ptr %p
  %sum.next = fadd double %sum, %v
  %twice = fmul double %v, 2.0
    #dbg_value(double %twice, !7, !DIExpression(), !8)
  store double %twice, ptr %p
  %i.next = add i64 %i, 1
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret double 0.0
}

!llvm.module.flags = !{!0}
!llvm.dbg.cu = !{!1}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_C11, file: !2, emissionKind: FullDebug)
!2 = !DIFile(filename: "f.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !2, file: !2, line: 1, type: !4, unit: !1)
!4 = !DISubroutineType(types: !5)
!5 = !{}
!6 = !DIBasicType(name: "double", size: 64, encoding: DW_ATE_float)
!7 = !DILocalVariable(name: "t", scope: !3, file: !2, line: 2, type: !6)
!8 = !DILocation(line: 2, scope: !3)
"""


def test_erase_unreached_frees_a_dead_cycle_and_keeps_what_the_roots_read():
    from enzyme_opt.ir.dead_code import erase_unreached
    module = parse_module(DEAD_CODE)
    fn = module.get_function("f")
    code = list(fn.instructions())
    roots = [i for i in code if i.opcode in ("store", "br", "ret")]
    # the sum (a phi and its update, which read each other) is read by nothing kept
    assert erase_unreached(code, roots) == 2
    text = print_module(module)
    assert "%sum" not in text and "%twice = fmul" in text and "%i.next" in text
    llvm.verify(text)


def test_erase_unreached_moves_the_debug_records_of_what_it_erases():
    from enzyme_opt.ir.dead_code import erase_unreached
    module = parse_module(DEAD_CODE.replace("store double %twice, ptr %p",
                                            "store double %v, ptr %p"))
    fn = module.get_function("f")
    code = list(fn.instructions())
    erase_unreached(code, [i for i in code if i.opcode in ("store", "br", "ret")])
    text = print_module(module)
    # %twice is gone; its record went to the store after it, and names poison
    assert "%twice" not in text
    assert "#dbg_value(double poison, !7, !DIExpression(), !8)\n  store double %v" in text
    llvm.verify(text)


def test_erase_unused_follows_operands_as_far_as_allowed():
    from enzyme_opt.ir.dead_code import erase_unused
    module = parse_module(DEAD_CODE.replace("store double %twice, ptr %p\n", "").replace(
        "    #dbg_value(double %twice, !7, !DIExpression(), !8)\n", "").replace(
        "fadd double %sum, %v", "fadd double %sum, 1.0"))
    fn = module.get_function("f")
    twice = next(i for i in fn.instructions() if i.name == "twice")
    load = twice.operand(0)
    address = load.operand(0)
    erase_unused([twice], lambda inst: inst.opcode != "load")
    # the load lost its only use, but was not allowed to go: nor was its address reached
    assert twice.parent is None and load.parent is not None and address.parent is not None
    erase_unused([address])  # still used by the load
    assert address.parent is not None
    erase_unused([load])     # the load, then its address, which only it used
    assert load.parent is None and address.parent is None
    llvm.verify(print_module(module))
