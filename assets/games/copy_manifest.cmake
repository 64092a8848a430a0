# cmake -DIN=manifest.json -DOUT=build/games/NAME/manifest.json -P copy_manifest.cmake
# Copies a game manifest beside the ROM CMake built, without its game.build
# block: the build tree has the ROM but not the Makefile and sources.
file(READ "${IN}" json)
string(JSON has_build ERROR_VARIABLE no_build GET "${json}" game build)
if(NOT no_build)
  string(JSON json REMOVE "${json}" game build)
endif()
file(WRITE "${OUT}.tmp" "${json}\n")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUT}.tmp")
