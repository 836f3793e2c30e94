"""The derivative modes, named by the Enzyme entry points that ask for them: the requests
(``abi/request.py``) and the program's own rules (``declared.py``) are keyed by them."""

#: Modes, by the entry point that asks for them.
FORWARD = "forward"            # __enzyme_fwddiff
REVERSE = "reverse"            # __enzyme_autodiff (combined)
AUGMENTED = "augmented"        # __enzyme_augmentfwd
REVERSE_SPLIT = "reverse_split"  # __enzyme_reverse
AUGMENT_SIZE = "augmentsize"   # __enzyme_augmentsize
FWDSPLIT = "fwdsplit"          # __enzyme_fwdsplit
BATCH = "batch"                # __enzyme_batch

#: The two halves of split reverse mode, and all modes that differentiate in reverse.
SPLIT_MODES = (AUGMENTED, REVERSE_SPLIT, AUGMENT_SIZE)
REVERSE_MODES = (REVERSE, AUGMENTED, REVERSE_SPLIT, AUGMENT_SIZE)

#: Function attributes of the loop functions whose reverse pass runs the loop's step again
#: (``ad/modes/checkpoint.py``, ``ad/modes/fixed_point.py``): the memory a step is given
#: must still exist when the reverse pass runs (``ad/sweeps/memory.heap_allocate_rerun_locals``).
CHECKPOINT_LOOP = "enzyme_opt.checkpointed"
FIXED_POINT_LOOP = "enzyme_opt.fixed_point"
#: on the augmented/reverse pair of a fixed-point loop: differentiating it again (second
#: derivatives of the implicit adjoint iteration) is refused
FIXED_POINT_PAIR = "enzyme_opt.fixed_point.pair"
RERUN_LOOPS = (CHECKPOINT_LOOP, FIXED_POINT_LOOP)
