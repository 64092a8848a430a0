#include "core/interop/game_export.h"

namespace core::interop {

const char* tableFormatName(TableFormat f) {
  switch (f) {
    case TableFormat::Ca65:
      return "ca65";
    case TableFormat::Rgbds:
      return "rgbds";
    case TableFormat::C:
      return "c";
    case TableFormat::Bin:
      return "bin";
  }
  return "?";
}

bool parseTableFormat(const std::string&, TableFormat*) {
  return false;
}

bool encodeTables(const MapDocument&, const RoutineManifest&, GameTables*, std::string* error) {
  *error = "not implemented yet";
  return false;
}

bool exportTables(const MapDocument&, const RoutineManifest&, TableFormat, const std::string&,
                  std::string*, std::string* error) {
  *error = "not implemented yet";
  return false;
}

}  // namespace core::interop
