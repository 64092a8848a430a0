#include "core/interop/game_export.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

#include "core/sim/simulation.h"

namespace core::interop {

namespace {

std::string lower(std::string s) {
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// Where a table error points: the manifest file and the JSON path of the table.
std::string where(const RoutineManifest& m, const char* table) {
  std::string file = m.path.empty() ? std::string("manifest") : m.path;
  return file + ": /map/" + table + ": ";
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

const char* formatName(AttributeFormat f) {
  switch (f) {
    case AttributeFormat::Mrn:
      return "mrn (the collision byte as is)";
    case AttributeFormat::Walkable:
      return "walkable (1 = not solid)";
    case AttributeFormat::SolidBit:
      return "solid-bit (bit 0 = solid)";
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
    *error = where(m, "cells") + "the manifest lays out no room table (neither map.cells nor " +
             "map.attributes)";
    return false;
  }
  const Room& room = map.room;
  if (m.cells) {
    const CellLayout& c = *m.cells;
    if (c.stride < c.maxWidth || c.maxWidth <= 0 || c.maxHeight <= 0) {
      *error = where(m, "cells") + "the table is " + std::to_string(c.maxWidth) + "x" +
               std::to_string(c.maxHeight) + " cells with a row stride of " +
               std::to_string(c.stride) + " bytes; a row must fit its stride";
      return false;
    }
    if (room.width > c.maxWidth || room.height > c.maxHeight) {
      *error = where(m, "cells") + "the room is " + std::to_string(room.width) + "x" +
               std::to_string(room.height) + " cells but the routine's table holds " +
               std::to_string(c.maxWidth) + "x" + std::to_string(c.maxHeight);
      return false;
    }
    // Like the encoder: table cells the room does not cover hold metatile 0, and
    // the bytes past a row's last cell (stride > width) are left as the game's RAM
    // starts them, zero.
    t.cells.assign(size_t(c.stride) * size_t(c.maxHeight), 0);
    for (int r = 0; r < room.height; ++r)
      for (int col = 0; col < room.width; ++col) {
        uint16_t v = room.at(col, r);
        if (v > 0xFF) {
          *error = where(m, "cells") + "cell " + std::to_string(col) + "," + std::to_string(r) +
                   " holds metatile " + std::to_string(v) + "; a table entry is one byte";
          return false;
        }
        t.cells[size_t(r) * c.stride + col] = uint8_t(v);
      }
  }
  if (m.attributes) {
    const AttributeLayout& a = *m.attributes;
    const auto& set = map.metatiles.metatiles;
    if (a.stride <= 0 || a.offset < 0 || a.offset >= a.stride ||
        (a.tileOffset >= 0 && a.tileOffset + 4 > a.stride)) {
      *error = where(m, "attributes") + "an entry of " + std::to_string(a.stride) +
               " bytes cannot hold the collision byte at offset " + std::to_string(a.offset) +
               (a.tileOffset >= 0 ? " and 4 tile ids at offset " + std::to_string(a.tileOffset)
                                  : std::string());
      return false;
    }
    if (int(set.size()) > a.count) {
      *error = where(m, "attributes") + "the map has " + std::to_string(set.size()) +
               " metatiles but the routine's table holds " + std::to_string(a.count);
      return false;
    }
    t.attributes.assign(size_t(a.stride) * size_t(a.count), 0);
    for (size_t i = 0; i < set.size(); ++i) {
      size_t base = i * size_t(a.stride);
      t.attributes[base + a.offset] = encodeAttribute(a.format, set[i].collision);
      if (a.tileOffset >= 0)
        for (int k = 0; k < 4; ++k)
          t.attributes[base + a.tileOffset + k] = uint8_t(set[i].tiles[k]);
    }
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
  if (m.cells) {
    const CellLayout& cl = *m.cells;
    text += c + " cells: " + refText(cl.ref) + " (symbol " + symbolFor(cl.ref) + "), " +
            std::to_string(cl.maxWidth) + "x" + std::to_string(cl.maxHeight) +
            " cells, one byte each (metatile id), row-major, row stride " +
            std::to_string(cl.stride) + " bytes; the room is " + std::to_string(map.room.width) +
            "x" + std::to_string(map.room.height) + ", the rest holds 0; " +
            std::to_string(t.cells.size()) + " bytes\n";
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
  if (m.cells)
    emitTable(text, f, symbolFor(m.cells->ref), t.cells, m.cells->stride,
              [](int r) { return "row " + std::to_string(r); });
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
