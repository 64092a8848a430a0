cmake_minimum_required(VERSION 3.25)
# The install test (ctest install_tree, install_deb):
#   MODE=tree: cmake --install into a scratch prefix, check the files are there,
#              run the installed collido (--version, a sample scenario) and, with
#              a GUI and xvfb-run, a scripted screenshot of the installed GUI.
#   MODE=deb:  cpack -G DEB into a scratch folder, check its Depends, unpack it
#              with dpkg-deb -x and run the unpacked programs the same way.
# Needs BUILD_DIR, SCRATCH, GUI, REVISION (and CPACK for MODE=deb).

function(fail)
  message(FATAL_ERROR "install test: ${ARGN}")
endfunction()

# Runs a command; fails unless it exits with one of `codes`. Output in `out`.
function(run out codes)
  execute_process(COMMAND ${ARGN} OUTPUT_VARIABLE o ERROR_VARIABLE e RESULT_VARIABLE rc
                  TIMEOUT 240)
  if(NOT rc IN_LIST codes)
    string(REPLACE ";" " " cmd "${ARGN}")
    fail("`${cmd}` exited ${rc} (expected ${codes}):\n${o}${e}")
  endif()
  set(${out} "${o}${e}" PARENT_SCOPE)
endfunction()

function(expect_contains text what where)
  string(FIND "${text}" "${what}" at)
  if(at EQUAL -1)
    fail("${where} does not say \"${what}\":\n${text}")
  endif()
endfunction()

# Checks an installed tree at `prefix` and runs its programs.
function(check_prefix prefix)
  set(files
    bin/collido
    share/collidoscope/maps/seed002_castle.scenario.json
    share/collidoscope/maps/seed004_garden.map.json
    share/collidoscope/assets/routines/seed002_mrn/manifest.json
    share/collidoscope/assets/routines/seed004_swept/cells.inc
    share/collidoscope/assets/games/common/collision.s
    share/doc/collidoscope/README.md
    share/doc/collidoscope/docs/manifest.md
    share/man/man1/collido.1)
  if(GUI)
    list(APPEND files
      bin/collidoscope
      share/collidoscope/imgui.ini
      share/applications/collidoscope.desktop
      share/icons/hicolor/scalable/apps/collidoscope.svg
      share/man/man1/collidoscope.1)
  endif()
  foreach(f IN LISTS files)
    if(NOT EXISTS ${prefix}/${f})
      fail("${prefix}/${f} was not installed")
    endif()
  endforeach()
  if(EXISTS ${prefix}/share/collidoscope/assets/games/CMakeLists.txt)
    fail("the test games' build script was installed with the samples")
  endif()
  file(READ ${prefix}/share/man/man1/collido.1 man)
  expect_contains("${man}" ".SS audit" "collido.1")
  expect_contains("${man}" ".TH COLLIDO 1" "collido.1")

  run(version 0 ${prefix}/bin/collido --version)
  expect_contains("${version}" "${REVISION}" "installed collido --version")
  message(STATUS "installed: ${version}")

  # A shipped sample runs from the installed tree (its routine is assembled with ca65).
  find_program(CA65 ca65)
  if(CA65)
    run(out "0;1" ${prefix}/bin/collido run
        ${prefix}/share/collidoscope/maps/seed002_castle.scenario.json --frames 20)
    expect_contains("${out}" "ok" "installed collido run")
  else()
    message(STATUS "no ca65: the installed sample run is left out")
  endif()

  if(NOT GUI)
    return()
  endif()
  run(version 0 ${prefix}/bin/collidoscope --version)
  expect_contains("${version}" "${REVISION}" "installed collidoscope --version")
  find_program(XVFB_RUN xvfb-run)
  if(NOT XVFB_RUN)
    message(STATUS "no xvfb-run: the installed GUI screenshot is left out")
    return()
  endif()
  # With no scenario the GUI opens the castle from its data folder: the installed one.
  get_filename_component(shot ${prefix}/../shot.png ABSOLUTE)
  file(REMOVE ${shot})
  run(out 0 ${CMAKE_COMMAND} -E env XDG_CONFIG_HOME=${prefix}/../config
      XDG_STATE_HOME=${prefix}/../state -- ${XVFB_RUN} -a -s "-screen 0 1280x720x24"
      ${prefix}/bin/collidoscope --frames 4 --width 1280 --height 720 --screenshot ${shot})
  get_filename_component(data ${prefix}/share/collidoscope ABSOLUTE)
  expect_contains("${out}" "data: ${data}" "the installed GUI")
  if(NOT EXISTS ${shot})
    fail("the installed GUI wrote no screenshot:\n${out}")
  endif()
endfunction()

file(REMOVE_RECURSE ${SCRATCH})
file(MAKE_DIRECTORY ${SCRATCH})

if(MODE STREQUAL "tree")
  run(out 0 ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${SCRATCH}/prefix)
  check_prefix(${SCRATCH}/prefix)
  message(STATUS "install tree ok: ${SCRATCH}/prefix")
elseif(MODE STREQUAL "deb")
  find_program(DPKG_DEB dpkg-deb)
  find_program(DPKG_SHLIBDEPS dpkg-shlibdeps)
  if(NOT CPACK OR NOT EXISTS "${CPACK}" OR NOT DPKG_DEB OR NOT DPKG_SHLIBDEPS)
    message("SKIPPED: the .deb needs cpack, dpkg-deb and dpkg-shlibdeps (dpkg-dev)")
    return()
  endif()
  run(out 0 ${CPACK} -G DEB -B ${SCRATCH}/pkg --config ${BUILD_DIR}/CPackConfig.cmake)
  file(GLOB debs ${SCRATCH}/pkg/collidoscope_*.deb)
  list(LENGTH debs n)
  if(NOT n EQUAL 1)
    fail("cpack made ${n} packages in ${SCRATCH}/pkg:\n${out}")
  endif()
  run(depends 0 ${DPKG_DEB} -f ${debs} Depends)
  set(needed cc65 libc6 libstdc++6 zlib1g)
  if(GUI)
    list(APPEND needed libglfw3 libgl1)
  endif()
  foreach(p IN LISTS needed)
    expect_contains("${depends}" "${p}" "the package's Depends")
  endforeach()
  message(STATUS "Depends: ${depends}")
  run(out 0 ${DPKG_DEB} -x ${debs} ${SCRATCH}/root)
  check_prefix(${SCRATCH}/root/usr)
  message(STATUS "package ok: ${debs}")
else()
  fail("MODE must be tree or deb")
endif()
