# cmake --install and cpack -G DEB. The layout is GNUInstallDirs':
#   bin/collido, bin/collidoscope
#   share/collidoscope/{maps,assets,imgui.ini}   the samples; dataDir() finds them from bin/
#   share/doc/collidoscope/{README.md,docs/...}
#   share/man/man1/collido.1, collidoscope.1     generated from the programs' --help
#   share/applications/collidoscope.desktop, share/icons/hicolor/scalable/apps/collidoscope.svg

set(COLLIDOSCOPE_INSTALL_DATA ${CMAKE_INSTALL_DATADIR}/collidoscope)

install(TARGETS collido RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY maps DESTINATION ${COLLIDOSCOPE_INSTALL_DATA})
# The routines and the test games' sources and maps (game scenarios and
# routines name files there); not their build scripts.
install(DIRECTORY assets DESTINATION ${COLLIDOSCOPE_INSTALL_DATA}
  PATTERN "CMakeLists.txt" EXCLUDE
  PATTERN "*.cmake" EXCLUDE)
install(FILES README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs)

# The man pages come from the programs' own --help (cmake/manpage.cmake).
set(COLLIDOSCOPE_MAN_DIR ${CMAKE_BINARY_DIR}/man)
set(_man_pages ${COLLIDOSCOPE_MAN_DIR}/collido.1)
add_custom_command(
  OUTPUT ${COLLIDOSCOPE_MAN_DIR}/collido.1
  COMMAND ${CMAKE_COMMAND} -DCOLLIDO=$<TARGET_FILE:collido> -DPROGRAM=collido
          -DOUT=${COLLIDOSCOPE_MAN_DIR}/collido.1 -DVERSION=${COLLIDOSCOPE_VERSION_STRING}
          -P ${PROJECT_SOURCE_DIR}/cmake/manpage.cmake
  DEPENDS collido ${PROJECT_SOURCE_DIR}/cmake/manpage.cmake
  COMMENT "Generating collido(1) from collido --help"
  VERBATIM)

if(COLLIDOSCOPE_GUI)
  install(TARGETS collidoscope RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  install(FILES imgui.ini DESTINATION ${COLLIDOSCOPE_INSTALL_DATA})
  install(FILES app/data/collidoscope.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
  install(FILES app/data/collidoscope.svg
          DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
  list(APPEND _man_pages ${COLLIDOSCOPE_MAN_DIR}/collidoscope.1)
  add_custom_command(
    OUTPUT ${COLLIDOSCOPE_MAN_DIR}/collidoscope.1
    COMMAND ${CMAKE_COMMAND} -DCOLLIDO=$<TARGET_FILE:collidoscope> -DPROGRAM=collidoscope
            -DOUT=${COLLIDOSCOPE_MAN_DIR}/collidoscope.1 -DVERSION=${COLLIDOSCOPE_VERSION_STRING}
            -P ${PROJECT_SOURCE_DIR}/cmake/manpage.cmake
    DEPENDS collidoscope ${PROJECT_SOURCE_DIR}/cmake/manpage.cmake
    COMMENT "Generating collidoscope(1) from collidoscope --help"
    VERBATIM)
endif()
add_custom_target(man_pages ALL DEPENDS ${_man_pages})
install(FILES ${_man_pages} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)

# A Debian package: cpack -G DEB in the build tree. The shared libraries'
# packages come from dpkg-shlibdeps; what it cannot see is listed by hand:
# ca65/ld65 are run, not linked, and GLFW opens libGL at run time.
set(CPACK_PACKAGE_NAME collidoscope)
set(CPACK_PACKAGE_VENDOR "Collidoscope")
set(CPACK_PACKAGE_CONTACT "Collidoscope developers <collidoscope@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "debugger and sandbox for NES and Game Boy tile-collision routines")
set(CPACK_PACKAGE_DESCRIPTION
    "Runs the real, assembled 6502 or SM83 collision routine of a game frame by frame\n\
against a room, and checks it against an exact geometric oracle: a GUI\n\
(collidoscope) and a headless CLI (collido).")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "cc65")
if(COLLIDOSCOPE_GUI)
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "cc65, libgl1")
  set(CPACK_DEBIAN_PACKAGE_SUGGESTS "xvfb, xauth")
  # Crisp text at a content scale other than 1 (the built-in font is used without it).
  set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-dejavu-core")
endif()
set(CPACK_STRIP_FILES ON)
include(CPack)

if(COLLIDOSCOPE_TESTS)
  # cmake/install_test.cmake: the installed tree, and the .deb unpacked (skipped
  # without cpack, dpkg-deb and dpkg-shlibdeps).
  foreach(mode tree deb)
    add_test(NAME install_${mode}
      COMMAND ${CMAKE_COMMAND} -DMODE=${mode} -DBUILD_DIR=${CMAKE_BINARY_DIR}
              -DSCRATCH=${CMAKE_BINARY_DIR}/install_test_${mode} -DGUI=${COLLIDOSCOPE_GUI}
              -DREVISION=${COLLIDOSCOPE_GIT_REVISION} -DCPACK=${CMAKE_CPACK_COMMAND}
              -P ${PROJECT_SOURCE_DIR}/cmake/install_test.cmake)
    set_tests_properties(install_${mode} PROPERTIES TIMEOUT 600)
  endforeach()
  set_tests_properties(install_deb PROPERTIES SKIP_REGULAR_EXPRESSION "SKIPPED:")
endif()
