#include "core/interop/game_export.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

#include "core/sim/map_layout.h"
#include "core/util/text.h"

namespace core::interop {

namespace {

// Where a layout error points: the manifest file (the message names the field).
std::string where(const RoutineManifest& m) {
  return (m.path.empty() ? std::string("manifest") : m.path) + ": ";
}

// A symbol every output format accepts for a LabelRef: the label itself, or
// for "label+3" a name of its own (the table does not start at the label).
std::string symbolFor(const LabelRef& ref) {
  std::string s;
  for (char c : ref.label) s += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) s = "_" + s;
  if (ref.offset > 0) s += "_plus_" + std::to_string(ref.offset);
  if (ref.offset < 0) s += "_minus_" + std::to_string(-ref.offset);
  return s;
}

// A user's text inside a line comment: control characters would end the comment.
std::string oneLine(std::string s) {
  for (char& c : s)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = ' ';
  return s;
}

std::string refText(const LabelRef& ref) {
  if (ref.offset == 0) return ref.label;
  return ref.label + (ref.offset > 0 ? "+" : "-") + std::to_string(std::abs(ref.offset));
}

// The symbol of each cell table: the label, each screen's, or for a pointer
// map a name of the pointer's (the table has no label of its own).
std::vector<std::string> tableSymbols(const RoutineManifest& m) {
  std::vector<std::string> out;
  if (!m.cells) return out;
  const CellLayout& c = *m.cells;
  if (!c.screens.empty()) {
    for (const LabelRef& r : c.screens) out.push_back(symbolFor(r));
  } else if (!c.ref.empty()) {
    out.push_back(symbolFor(c.ref));
  } else {
    out.push_back(symbolFor(c.pointer) + "_table");
  }
  return out;
}

const char* formatName(AttributeFormat f) {
  switch (f) {
    case AttributeFormat::Mrn:
      return "mrn (the collision byte as is)";
    case AttributeFormat::Walkable:
      return "walkable (1 = not solid)";
    case AttributeFormat::SolidBit:
      return "solid-bit (bit 0 = solid)";
    case AttributeFormat::Mask:
      return "mask (the manifest's bits for solid and each direction)";
  }
  return "?";
}

struct Syntax {
  const char* comment;  // line comment leader
  const char* label;    // printf: symbol
  const char* row;      // leader of a row of bytes
  const char* hex;      // printf: one byte
  const char* end;      // after the last row ("" for assembly)
};

Syntax syntaxFor(TableFormat f) {
  switch (f) {
    case TableFormat::Ca65:
      return {";", "%s:\n", "        .byte ", "$%02X", ""};
    case TableFormat::Rgbds:
      return {";", "%s::\n", "    db ", "$%02X", ""};
    case TableFormat::C:
    case TableFormat::Bin:
      break;
  }
  return {"//", "", "    ", "0x%02X", "};\n"};
}

std::string hexByte(const Syntax& s, uint8_t v) {
  char buf[8];
  std::snprintf(buf, sizeof buf, s.hex, v);
  return buf;
}

// One table: the symbol, then `bytes` in rows of `rowBytes`, each row with a
// trailing comment from `rowNote`.
template <typename Note>
void emitTable(std::string& out, TableFormat f, const std::string& symbol,
               const std::vector<uint8_t>& bytes, int rowBytes, Note rowNote) {
  Syntax s = syntaxFor(f);
  if (f == TableFormat::C) {
    out += "const unsigned char " + symbol + "[" + std::to_string(bytes.size()) + "] = {\n";
  } else {
    char buf[256];
    std::snprintf(buf, sizeof buf, s.label, symbol.c_str());
    out += buf;
  }
  size_t rows = rowBytes > 0 ? (bytes.size() + rowBytes - 1) / size_t(rowBytes) : 0;
  for (size_t r = 0; r < rows; ++r) {
    out += s.row;
    size_t first = r * size_t(rowBytes), last = std::min(bytes.size(), first + size_t(rowBytes));
    for (size_t i = first; i < last; ++i) {
      if (i > first) out += f == TableFormat::C ? ", " : ",";
      out += hexByte(s, bytes[i]);
    }
    if (f == TableFormat::C) out += ",";
    out += std::string("  ") + s.comment + " " + rowNote(int(r)) + "\n";
  }
  out += s.end;
  out += "\n";
}

}  // namespace

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

bool parseTableFormat(const std::string& name, TableFormat* out) {
  std::string n = lower(name);
  if (!n.empty() && n[0] == '.') n.erase(0, 1);
  if (n == "ca65" || n == "s" || n == "inc") {
    *out = TableFormat::Ca65;
  } else if (n == "rgbds" || n == "asm" || n == "z80" || n == "sm83") {
    *out = TableFormat::Rgbds;
  } else if (n == "c" || n == "h") {
    *out = TableFormat::C;
  } else if (n == "bin" || n == "raw") {
    *out = TableFormat::Bin;
  } else {
    return false;
  }
  return true;
}

bool encodeTables(const MapDocument& map, const RoutineManifest& m, GameTables* out,
                  std::string* error) {
  GameTables t;
  if (!m.cells && !m.attributes) {
    *error = where(m) + "map: the manifest lays out no room table (neither map.cells nor " +
             "map.attributes)";
    return false;
  }
  // The codec (core/sim/map_layout.h) places the bytes the simulation writes;
  // here on a synthetic binding with each table at an address of its own: the
  // cell tables (one a screen) from $0000, the attribute table at $8000.
  Binding b;
  constexpr uint32_t kAttrBase = 0x8000;
  if (m.cells) {
    const CellLayout& c = *m.cells;
    if (c.idOffset >= 0) {
      *error = where(m) + "map.cells.entry: entries with the id at an offset (" +
               std::to_string(c.bytes) + " bytes, id at " + std::to_string(c.idOffset) +
               ") are not exported as source yet";
      return false;
    }
    const int perLine = c.columnMajor ? c.maxHeight : c.maxWidth;
    if (c.maxWidth <= 0 || c.maxHeight <= 0 || (c.bytes != 1 && c.bytes != 2) ||
        c.stride < perLine * c.bytes) {
      *error = where(m) + "map.cells: the table is " + std::to_string(c.maxWidth) + "x" +
               std::to_string(c.maxHeight) + " entries of " + std::to_string(c.bytes) +
               " byte(s) with a stride of " + std::to_string(c.stride) +
               " bytes; a row (or column) must fit its stride";
      return false;
    }
    b.cellStride = c.stride;
    b.cellMaxW = c.maxWidth;
    b.cellMaxH = c.maxHeight;
    b.cellColumnMajor = c.columnMajor;
    b.cellBytes = c.bytes;
    b.cellBigEndian = c.bigEndian;
    b.cellSpacing = c.spacing;
    b.cellOriginCol = c.originCol;
    b.cellOriginRow = c.originRow;
    b.cellScrollCol = c.scrollCol;
    b.cellScrollRow = c.scrollRow;
    t.cellTableBytes = cellTableBytes(b);
    t.cellTables = c.screens.empty() ? 1 : int(c.screens.size());
    if (uint64_t(t.cellTableBytes) * uint64_t(t.cellTables) > kAttrBase) {
      *error = where(m) + "map.cells: the tables take more than 32 KiB";
      return false;
    }
    b.cells = 0;
    for (int i = 0; i < int(c.screens.size()); ++i)
      b.cellScreens.push_back(uint16_t(i * t.cellTableBytes));
    for (int r = 0; r < map.room.height; ++r)
      for (int col = 0; col < map.room.width; ++col)
        if (uint32_t v = map.room.at(col, r); v > (c.bytes == 1 ? 0xFFu : 0xFFFFu)) {
          *error = where(m) + "map.cells: cell " + std::to_string(col) + "," + std::to_string(r) +
                   " holds metatile " + std::to_string(v) + "; a table entry is one byte";
          return false;
        }
    t.cells.assign(size_t(t.cellTableBytes) * size_t(t.cellTables), 0);
  }
  if (m.attributes) {
    const AttributeLayout& a = *m.attributes;
    if (a.stride <= 0 || a.count < 0 || a.offset < 0 || a.offset >= a.stride ||
        (a.tileOffset >= 0 && a.tileOffset + 4 > a.stride) ||
        uint64_t(a.stride) * uint64_t(a.count) > 0x8000) {
      *error = where(m) + "map.attributes: " + std::to_string(a.count) + " entries of " +
               std::to_string(a.stride) + " bytes cannot hold the collision byte at offset " +
               std::to_string(a.offset) +
               (a.tileOffset >= 0 ? " and 4 tile ids at offset " + std::to_string(a.tileOffset)
                                  : std::string());
      return false;
    }
    b.attributes = uint16_t(kAttrBase);
    b.attrStride = a.stride;
    b.attrOffset = a.offset;
    b.attrTileOffset = a.tileOffset;
    b.attrCount = a.count;
    b.attrFormat = a.format;
    t.attributes.assign(size_t(a.stride) * size_t(a.count), 0);
  }
  std::vector<PlacedByte> placed;
  std::string err;
  if (!encodeRoomBytes(b, map, nullptr, &placed, &err)) {
    *error = where(m) + err;
    return false;
  }
  for (const PlacedByte& p : placed) {
    if (m.attributes && p.addr >= kAttrBase && p.addr - kAttrBase < t.attributes.size())
      t.attributes[p.addr - kAttrBase] = p.value;
    else if (m.cells && p.addr < t.cells.size())
      t.cells[p.addr] = p.value;
  }
  *out = std::move(t);
  return true;
}

bool exportTables(const MapDocument& map, const RoutineManifest& m, TableFormat f,
                  const std::string& sourceName, std::string* out, std::string* error) {
  GameTables t;
  if (!encodeTables(map, m, &t, error)) return false;
  if (f == TableFormat::Bin) {
    out->assign(t.cells.begin(), t.cells.end());
    out->append(t.attributes.begin(), t.attributes.end());
    return true;
  }
  const Syntax s = syntaxFor(f);
  const std::string c = s.comment;
  std::string text;
  text += c + " Collidoscope export for the game (" + tableFormatName(f) + ")\n";
  text += c + " source map: " + oneLine(sourceName.empty() ? map.name : sourceName) + "\n";
  text += c + " routine: " + oneLine(m.name.empty() ? m.path : m.name) + "\n";
  const std::vector<std::string> cellSymbols = tableSymbols(m);
  if (m.cells) {
    const CellLayout& cl = *m.cells;
    std::string where;
    if (!cl.screens.empty()) {
      where = std::to_string(cl.screens.size()) + " screens (";
      for (size_t i = 0; i < cl.screens.size(); ++i)
        where += (i ? ", " : "") + refText(cl.screens[i]);
      where += ")";
    } else if (!cl.ref.empty()) {
      where = refText(cl.ref);
    } else {
      where = "the table map.cells.pointer (" + refText(cl.pointer) + ") points at";
    }
    text += c + " cells: " + where + " (symbol" + (cellSymbols.size() > 1 ? "s " : " ");
    for (size_t i = 0; i < cellSymbols.size(); ++i) text += (i ? ", " : "") + cellSymbols[i];
    text += "), " + std::to_string(cl.maxWidth) + "x" + std::to_string(cl.maxHeight) +
            " entries of " + std::to_string(cl.bytes) + " byte" + (cl.bytes > 1 ? "s" : "") +
            (cl.bytes > 1 ? (cl.bigEndian ? " big-endian" : " little-endian") : "") +
            " (metatile id), " + (cl.columnMajor ? "column-major, column" : "row-major, row") +
            " stride " + std::to_string(cl.stride) + " bytes";
    if (cl.spacing > 1)
      text += ", a cell covers " + std::to_string(cl.spacing) + "x" + std::to_string(cl.spacing) +
              " entries";
    if (cl.originCol || cl.originRow)
      text += ", room cell 0,0 at entry " + std::to_string(cl.originCol) + "," +
              std::to_string(cl.originRow);
    if (cl.scrollCol || cl.scrollRow)
      text += ", scrolled by " + std::to_string(cl.scrollCol) + "," + std::to_string(cl.scrollRow) +
              " entries";
    text += "; the room is " + std::to_string(map.room.width) + "x" +
            std::to_string(map.room.height) + " cells, the rest holds 0; " +
            std::to_string(t.cellTableBytes) + " bytes a table\n";
  }
  if (m.attributes) {
    const AttributeLayout& a = *m.attributes;
    text += c + " attributes: " + refText(a.ref) + " (symbol " + symbolFor(a.ref) + "), " +
            std::to_string(a.count) + " entries of " + std::to_string(a.stride) +
            " bytes, collision byte at offset " + std::to_string(a.offset) + " as " +
            formatName(a.format);
    if (a.tileOffset >= 0)
      text += ", tile ids TL TR BL BR at offset " + std::to_string(a.tileOffset);
    text += "; " + std::to_string(t.attributes.size()) + " bytes\n";
  }
  if (f != TableFormat::C) text += c + " Include it inside a section/segment of your own.\n";
  text += "\n";
  if (m.cells) {
    const char* line = m.cells->columnMajor ? "column " : "row ";
    for (int i = 0; i < t.cellTables; ++i) {
      auto first = t.cells.begin() + ptrdiff_t(i) * ptrdiff_t(t.cellTableBytes);
      emitTable(text, f, cellSymbols[size_t(i)], {first, first + ptrdiff_t(t.cellTableBytes)},
                m.cells->stride, [line](int r) { return line + std::to_string(r); });
    }
  }
  if (m.attributes) {
    const auto& set = map.metatiles.metatiles;
    emitTable(text, f, symbolFor(m.attributes->ref), t.attributes, m.attributes->stride,
              [&set](int i) {
                std::string note = "metatile " + std::to_string(i);
                if (size_t(i) < set.size() && !set[size_t(i)].name.empty())
                  note += " " + oneLine(set[size_t(i)].name);
                else if (size_t(i) >= set.size())
                  note += " (unused)";
                return note;
              });
  }
  *out = std::move(text);
  return true;
}

}  // namespace core::interop
