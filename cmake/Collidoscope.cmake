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
  collidoscope_test_build_options(${target})
  gtest_discover_tests(${target}
    DISCOVERY_TIMEOUT 120
    PROPERTIES SKIP_REGULAR_EXPRESSION "\\[  SKIPPED \\]"
    ${ARGN})
endfunction()

# The build settings every test program shares (the GoogleTest ones and fuzz_replay):
# - a precompiled header of the heavy headers (GoogleTest, nlohmann/json, the std
#   headers the tests use), parsed once per program instead of once per file
#   (COLLIDOSCOPE_PCH: on with clang, the instrumented tree; off with GCC, where it
#   saved about 15% of a test file's CPU and its inlining raised GCC 12's false
#   -Wstringop-overflow/-Warray-bounds positives on std::string operator+);
# - in the fuzz tree, no libFuzzer coverage hooks in the tests' own code (they are
#   never fuzzed; the code under test keeps its instrumentation and the sanitizers).
function(collidoscope_test_build_options target)
  if(COLLIDOSCOPE_PCH)
    if(target STREQUAL "fuzz_replay")  # the one test program without GoogleTest
      set(gtest "")
    else()
      set(gtest <gtest/gtest.h>)
    endif()
    target_precompile_headers(${target} PRIVATE ${gtest} <nlohmann/json.hpp>
      <algorithm> <array> <cstdint> <cstdio> <cstdlib> <cstring> <filesystem> <fstream>
      <functional> <map> <memory> <optional> <set> <sstream> <string> <string_view>
      <unordered_map> <utility> <vector>)
    if(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
      # No header times in clang's PCH, so a PCH from ccache's cache is accepted.
      target_compile_options(${target} PRIVATE -Xclang -fno-pch-timestamp)
    endif()
  endif()
  if(COLLIDOSCOPE_FUZZ)
    target_compile_options(${target} PRIVATE -fno-sanitize=fuzzer-no-link)
  endif()
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
