# Shared helpers for the module CMakeLists.

# Registers a GoogleTest executable with ctest, one ctest entry per test case.
# GTEST_SKIP() is reported by ctest as skipped, never as passed.
function(collidoscope_add_gtest target)
  target_compile_definitions(${target} PRIVATE COLLIDOSCOPE_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
  # The test files are GoogleTest and JSON glue around calls into the libraries,
  # which keep the build type's optimisation; see COLLIDOSCOPE_TEST_OPT.
  if(COLLIDOSCOPE_TEST_OPT)
    target_compile_options(${target} PRIVATE ${COLLIDOSCOPE_TEST_OPT})
  endif()
  gtest_discover_tests(${target}
    DISCOVERY_TIMEOUT 120
    PROPERTIES SKIP_REGULAR_EXPRESSION "\\[  SKIPPED \\]"
    ${ARGN})
endfunction()

# Fails the configure step if `target` links anything outside `allowed`.
# This is how the dependency direction of DESIGN.md is enforced.
function(collidoscope_check_links target)
  cmake_parse_arguments(ARG "" "" "ALLOWED" ${ARGN})
  get_target_property(libs ${target} LINK_LIBRARIES)
  if(NOT libs)
    return()
  endif()
  foreach(lib IN LISTS libs)
    if(NOT lib IN_LIST ARG_ALLOWED)
      message(FATAL_ERROR "${target} may not link ${lib} (allowed: ${ARG_ALLOWED})")
    endif()
  endforeach()
endfunction()
