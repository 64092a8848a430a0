#include "core/game/room_import.h"

#include "core/game/game_machine.h"

namespace core {

bool importRoomFromGame(const RoutineManifest&, const DebugInfo&, GameMachine&, MapDocument*,
                        std::string* error) {
  if (error) *error = "not implemented yet";
  return false;
}
bool importRoomFromGame(const RoutineManifest& m, GameMachine& g, MapDocument* out,
                        std::string* error) {
  return importRoomFromGame(m, DebugInfo{}, g, out, error);
}
bool writeRoomToGame(const RoutineManifest&, const DebugInfo&, const MapDocument&, GameMachine&,
                     std::string* error) {
  if (error) *error = "not implemented yet";
  return false;
}
bool writeRoomToGame(const RoutineManifest& m, const MapDocument& d, GameMachine& g,
                     std::string* error) {
  return writeRoomToGame(m, DebugInfo{}, d, g, error);
}

}  // namespace core
