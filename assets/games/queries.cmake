# The query test games (issue 35, "queries judged as queries"): NES ROMs whose
# collision code is a query, each built twice, as it is and with -D BUG (an
# injected bug the query checks must find). Included by CMakeLists.txt after
# collidoscope_game_files and the ca65/ld65 checks.
#
#   nes_point_query   a point query in ca65 assembly (point_query.s)
#   nes_box_query_c   a box query setting four side flags, in C compiled by cc65
#
# Out: ${COLLIDOSCOPE_GAMES_DIR}/NAME/NAME.nes and NAME_bug.nes with their .dbg,
# the manifests (game.build dropped, as for the other games), the scenarios and
# the scenarios name nrom_demo's room map (the games copy ../nrom_demo/room.s into RAM).
find_program(COLLIDOSCOPE_CC65 cc65)

# collidoscope_query_game(NAME ASM_SOURCES C_SOURCES FILES): the two ROMs and
# the JSON files FILES (manifests: any name ending in manifest.json).
function(collidoscope_query_game name asm_sources c_sources files)
  set(src ${CMAKE_CURRENT_SOURCE_DIR}/${name})
  set(out ${COLLIDOSCOPE_GAMES_DIR}/${name})
  set(cfg ${CMAKE_CURRENT_SOURCE_DIR}/query_common/query.cfg)
  set(outputs)
  foreach(variant "" "_bug")
    set(objects)
    set(defines)
    if(variant STREQUAL "_bug")
      set(defines -D BUG)
    endif()
    foreach(source IN LISTS asm_sources)
      get_filename_component(base ${source} NAME_WE)
      set(obj ${out}/${base}${variant}.o)
      add_custom_command(OUTPUT ${obj}
        COMMAND ${CMAKE_COMMAND} -E make_directory ${out}
        COMMAND ${COLLIDOSCOPE_CA65} -g ${defines} -o ${obj} ${CMAKE_CURRENT_SOURCE_DIR}/${source}
        DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/${source}
        COMMENT "ca65 ${source} (${name}${variant})")
      list(APPEND objects ${obj})
    endforeach()
    foreach(source IN LISTS c_sources)
      get_filename_component(base ${source} NAME_WE)
      set(asm ${out}/${base}${variant}.s)
      set(obj ${out}/${base}${variant}.o)
      add_custom_command(OUTPUT ${obj}
        COMMAND ${CMAKE_COMMAND} -E make_directory ${out}
        COMMAND ${COLLIDOSCOPE_CC65} -O -t none -g ${defines} -o ${asm}
                ${CMAKE_CURRENT_SOURCE_DIR}/${source}
        COMMAND ${COLLIDOSCOPE_CA65} -g -o ${obj} ${asm}
        DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/${source}
        COMMENT "cc65 ${source} (${name}${variant})")
      list(APPEND objects ${obj})
    endforeach()
    add_custom_command(OUTPUT ${out}/${name}${variant}.nes ${out}/${name}${variant}.dbg
      COMMAND ${COLLIDOSCOPE_LD65} -C ${cfg} -o ${name}${variant}.nes
              --dbgfile ${name}${variant}.dbg ${objects}
      DEPENDS ${objects} ${cfg}
      WORKING_DIRECTORY ${out}
      COMMENT "ld65 ${name}${variant}.nes")
    list(APPEND outputs ${out}/${name}${variant}.nes)
  endforeach()
  set(copies)
  foreach(file IN LISTS files)
    if(file MATCHES "manifest\\.json$")
      add_custom_command(OUTPUT ${out}/${file}
        COMMAND ${CMAKE_COMMAND} -DIN=${src}/${file} -DOUT=${out}/${file}
                -P ${CMAKE_CURRENT_SOURCE_DIR}/copy_manifest.cmake
        DEPENDS ${src}/${file} ${CMAKE_CURRENT_SOURCE_DIR}/copy_manifest.cmake)
    else()
      add_custom_command(OUTPUT ${out}/${file}
        COMMAND ${CMAKE_COMMAND} -E copy_if_different ${src}/${file} ${out}/${file}
        DEPENDS ${src}/${file})
    endif()
    list(APPEND copies ${out}/${file})
  endforeach()
  add_custom_target(game_${name} DEPENDS ${outputs} ${copies})
  # The scenarios name ../nrom_demo/nrom_demo.map.json: nrom_demo's copy of the room.
  add_dependencies(game_${name} game_nrom_demo_files)
  add_dependencies(test_games game_${name})
endfunction()

set(query_shell query_common/shell.s nrom_demo/room.s)
if(COLLIDOSCOPE_CA65 AND COLLIDOSCOPE_LD65)
  collidoscope_query_game(nes_point_query
    "${query_shell};nes_point_query/main.s;nes_point_query/point_query.s" ""
    "manifest.json;bug_manifest.json;frame_manifest.json;bug_frame_manifest.json;nes_point_query.scenario.json;nes_point_query_bug.scenario.json;nes_point_query_frame.scenario.json;nes_point_query_bug_frame.scenario.json")
  if(COLLIDOSCOPE_CC65)
    collidoscope_query_game(nes_box_query_c "${query_shell};nes_box_query_c/main.s"
      "nes_box_query_c/box_query.c"
      "manifest.json;bug_manifest.json;frame_manifest.json;nes_box_query_c.scenario.json;nes_box_query_c_bug.scenario.json;nes_box_query_c_frame.scenario.json")
  else()
    message(STATUS "cc65 not found: the C query test game is not built (Debian: apt install cc65)")
  endif()
endif()
