# The git revision the build comes from, for `--version` and the About box:
# `git describe --always --dirty` at configure time, "unknown" outside a git
# checkout (a source tarball) or without git. Re-run cmake to refresh it.
find_package(Git QUIET)
set(COLLIDOSCOPE_GIT_REVISION "unknown")
if(GIT_FOUND)
  execute_process(
    COMMAND ${GIT_EXECUTABLE} describe --always --dirty
    WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
    OUTPUT_VARIABLE _describe
    OUTPUT_STRIP_TRAILING_WHITESPACE
    RESULT_VARIABLE _describe_result
    ERROR_QUIET)
  if(_describe_result EQUAL 0 AND _describe)
    set(COLLIDOSCOPE_GIT_REVISION "${_describe}")
  endif()
endif()
# "0.1.0 (git de73cf5)": what both programs print for --version.
set(COLLIDOSCOPE_VERSION_STRING "${PROJECT_VERSION} (git ${COLLIDOSCOPE_GIT_REVISION})")
message(STATUS "Collidoscope ${COLLIDOSCOPE_VERSION_STRING}")
