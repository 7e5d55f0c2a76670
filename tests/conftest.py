"""Test-suite configuration: which tests are ``slow``, and how the suite is spread over cores.

``make test`` runs everything on every core (pytest-xdist); ``make check`` leaves out the
tests marked ``slow`` and runs in under a minute on two cores.  A test is slow when it
takes seconds on its own (the reference through every property at the ci budget, the Z3
proofs and cross-checks, every mutant against the corpus, faults in spawned processes, the
browser): those are listed here, by node id prefix, rather than decorated one by one, so
that the list is one place to read and to keep up to date (``pytest --durations=30`` shows
the candidates).  Every test file keeps fast tests outside the list, so ``make check``
still touches every part of the kit.

The suite runs with ``--dist loadfile --no-loadscope-reorder`` (pyproject.toml): each test
file goes whole to one worker, so that a module-scoped fixture (the ci rows of the
properties, the cross-check's subset and Z3 optima, the fuzz lines and their results) is
built once and not once on each core; and the files go out in collection order, in which
the files with the long tests come first (``FIRST``), so that they start early instead of
finishing last on one core.
"""

from __future__ import annotations

import pytest

SLOW = (
    "tests/test_properties.py::test_every_property_is_run",
    "tests/test_properties.py::test_command_",
    "tests/test_properties.py::test_reference_passes",
    "tests/test_properties.py::test_table_lists_every_property",   # builds the ci rows too
    "tests/test_differential.py::test_crash_hang_and_garbage_mid_run_are_recorded_and_the_run_goes_on",
    "tests/test_differential.py::test_a_python_implementation_that_kills_its_process_is_that_hands_crash",
    "tests/test_differential.py::test_dask_local_cluster_gives_the_same_run_as_jobs",
    "tests/test_differential.py::test_jobs_1_and_jobs_2_give_the_same_run",
    "tests/test_harness.py::test_a_line_written_before_its_request_is_never_its_answer",
    "tests/test_mutants.py::test_the_kill_table_on_two_processes_finds_every_mutant",
    "tests/test_rulings.py::test_cli_ruling_edition_and_delta_flags",
    "tests/test_rulings.py::test_table_rulings_and_editions",
    "tests/test_harness.py::test_interrupting_the_command_keeps_results_and_resume_finishes",
    "tests/test_harness.py::test_killing_certify_leaves_no_orphans",
    "tests/test_properties_strategies.py::test_tied_big_combinations_are_what_they_claim",
    "tests/test_properties_strategies.py::test_hostile_inputs_are_json",
    "tests/test_proofs.py::test_claim_holds[1]",
    "tests/test_proofs.py::test_claim_holds[2]",
    "tests/test_proofs.py::test_claim_holds[5f]",
    "tests/test_proofs.py::test_claim_holds[5g]",
    "tests/test_proofs.py::test_claim_holds[6]",
    "tests/test_proofs.py::test_reference_agrees_with_the_model_on_the_ci_subset",
    "tests/test_proofs.py::test_cross_check_catches_planted_bug",
    "tests/test_proofs.py::test_prove_fails_on_a_disagreement",
    "tests/test_mutants.py::test_mutant_is_killed_by_the_corpus",
    "tests/test_mutants.py::test_data_mutant_is_killed_by_the_",
    "tests/test_mutants.py::test_an_equivalent_data_mutant_is_never_killed",
    "tests/test_mutants.py::test_a_replayed_kill_is_the_kill_of_a_ci_run",
    "tests/test_reach.py::test_claimed_structures_are_reached_at_the_ci_budget",
    "tests/test_reach.py::test_the_chow_link_property_sees_four_links",
    "tests/test_reach.py::test_definition_consistency_sees_every_fan_it_checks",
    "tests/test_reach.py::test_stats_command",
    "tests/test_reach.py::test_every_fan_of_each_variant_is_reached_by_a_judging_property",
    "tests/test_mutants.py::test_mutants_do_not_leak",
    "tests/test_mutants.py::test_property_side_of_the_kill_table",
    "tests/test_properties_strategies.py::test_rare_structures_come_up_often",
    "tests/test_properties_strategies.py::test_exhaustive_space_size",
    "tests/test_properties_strategies.py::test_broken_inputs_",
    "tests/test_properties_strategies.py::test_chow_links_and_big_combinations_agree_with_the_z3_model",
    "tests/test_properties_strategies.py::test_presentations_write_the_same_case",
    "tests/test_properties_strategies.py::test_relabellings_keep_hands_legal",
    "tests/test_differential.py::test_a_seeded_differential_run_has_no_unexplained_disagreement",
    "tests/test_packaging.py::test_the_wheel_holds_the_package_data",
    "tests/test_report_browser.py::",
    "tests/test_serve_browser.py::",
    "tests/test_hot_path.py::test_every_declared_need_is_necessary",
    "tests/test_waits.py::test_filtered_waits_equal_brute_force_on_random_hands",
    # a second or more each in make check (pytest --durations=0 -m "not slow"): the suite keeps
    # them, make check leaves them to it so that it stays under a minute on two cores
    "tests/test_harness.py::test_the_compiled_schema_check_accepts_nothing_jsonschema_rejects",
    "tests/test_harness.py::test_program_that_stops_reading_times_out_case_by_case",
    "tests/test_harness.py::test_faults_are_survived_and_recorded",
    "tests/test_packaging.py::test_every_command_module_that_needs_an_extra_is_listed",
    "tests/test_fuzz_batch.py::test_the_batch_process_answers_every_line_in_order",
    "tests/test_fuzz_batch.py::test_a_naive_reader_fails_the_fuzz",
    "tests/test_attribution.py::test_differential_disagreements_are_attributed_like_corpus_failures",
    "tests/test_differential.py::test_an_interrupted_run_resumes_with_nothing_lost",
    "tests/test_differential.py::test_known_differences_make_a_rerun_show_only_what_is_new",
    "tests/test_cli.py::test_errors_speak_in_flags",
    "tests/test_mutants.py::test_a_replayed_catalogue_kill_is_the_kill_of_a_ci_run",
    # commands run under a memory limit or against a misbehaving program, a second or more each
    "tests/test_bounds.py::test_a_hostile_answer_is_that_cases_error_in_bounded_memory",
    "tests/test_bounds.py::test_a_crafted_",
    "tests/test_bounds.py::test_a_worker_killed_mid_batch_costs_no_line",
    "tests/test_bounds.py::test_certify_refuses_them_as_out_corpus_file_or_known_failures",
    "tests/test_bounds.py::test_what_an_implementation_sends_is_stored_bounded",
    "tests/test_bounds.py::test_a_long_cjk_error_code_neither_crashes_random_nor_resume",
    "tests/test_bounds.py::test_a_hostile_run_leaves_no_raw_control_character",
    "tests/test_bounds.py::test_how_a_program_stopped_answering_is_told",
    "tests/test_bounds.py::test_a_python_function_returning_a_lone_surrogate",
)

#: test files collected first, longest first (CPU seconds of a whole-suite run); the rest keep their order
FIRST = ("tests/test_proofs.py", "tests/test_mutants.py", "tests/test_properties.py", "tests/test_differential.py",
         "tests/test_fuzz_batch.py", "tests/test_harness.py", "tests/test_reach.py",
         "tests/test_properties_strategies.py", "tests/test_attribution.py", "tests/test_packaging.py",
         "tests/test_serve_browser.py")


def _file(item) -> str:
    return item.nodeid.split("::", 1)[0]


def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.nodeid.startswith(SLOW):
            item.add_marker(pytest.mark.slow)
    rank = {name: k for k, name in enumerate(FIRST)}
    items.sort(key=lambda item: rank.get(_file(item), len(FIRST)))
