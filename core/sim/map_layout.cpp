#include "core/sim/map_layout.h"

#include <cstdio>

#include "core/util/text.h"

namespace core {

namespace {

int wrap(int v, int n) {
  return n > 0 ? ((v % n) + n) % n : v;
}

bool hasCells(const Binding& b) {
  return b.cells.has_value() || b.cellPointer.has_value();
}

int screenCount(const Binding& b) {
  return b.cellScreens.empty() ? 1 : int(b.cellScreens.size());
}

// Room cells one screen's table holds.
std::array<int, 2> screenCapacity(const Binding& b) {
  const int n = std::max(b.cellSpacing, 1);
  return {std::max(b.cellMaxW - b.cellOriginCol, 0) / n,
          std::max(b.cellMaxH - b.cellOriginRow, 0) / n};
}

uint32_t entryOffset(const Binding& b, int tc, int tr) {
  return b.cellColumnMajor ? uint32_t(tc * b.cellStride + tr * b.cellBytes)
                           : uint32_t(tr * b.cellStride + tc * b.cellBytes);
}

}  // namespace

uint8_t encodeAttribute(AttributeFormat f, uint8_t collision) {
  switch (f) {
    case AttributeFormat::Mrn:
      return collision;
    case AttributeFormat::Walkable:
      return (collision & kSolid) == kSolid ? 0 : 1;
    case AttributeFormat::SolidBit:
      return (collision & kSolid) == kSolid ? 1 : 0;
    case AttributeFormat::Mask:
      return 0;  // needs the masks: encodeAttribute(const Binding&, ...)
  }
  return collision;
}

uint8_t encodeAttribute(const Binding& b, uint8_t collision) {
  if (b.attrFormat != AttributeFormat::Mask) return encodeAttribute(b.attrFormat, collision);
  uint8_t v = 0;
  if ((collision & kSolid) == kSolid) v |= b.attrMaskSolid;
  if (collision & kBlockUp) v |= b.attrMaskUp;
  if (collision & kBlockDown) v |= b.attrMaskDown;
  if (collision & kBlockLeft) v |= b.attrMaskLeft;
  if (collision & kBlockRight) v |= b.attrMaskRight;
  return v;
}

uint32_t cellTableBytes(const Binding& b) {
  return uint32_t(b.cellStride) * uint32_t(b.cellColumnMajor ? b.cellMaxW : b.cellMaxH);
}

std::array<int, 2> cellCapacity(const Binding& b) {
  auto c = screenCapacity(b);
  return {c[0] * screenCount(b), c[1]};
}

std::vector<uint16_t> cellTableBases(const Binding& b, const ReadByte& read) {
  if (b.cellPointer) {
    if (!read) return {};
    return {uint16_t(read(*b.cellPointer) | read(uint16_t(*b.cellPointer + 1)) << 8)};
  }
  if (!b.cellScreens.empty()) return b.cellScreens;
  if (b.cells) return {*b.cells};
  return {};
}

std::optional<std::array<int, 2>> cellOfAddress(const Binding& b,
                                                const std::vector<uint16_t>& bases, uint16_t addr,
                                                const RoomWindow* window) {
  const uint32_t size = cellTableBytes(b);
  const auto cap = screenCapacity(b);
  const int n = std::max(b.cellSpacing, 1);
  for (size_t s = 0; s < bases.size(); ++s) {
    if (addr < bases[s] || addr >= bases[s] + size) continue;
    const int off = addr - bases[s];
    const int major = off / b.cellStride, idx = (off % b.cellStride) / b.cellBytes;
    const int tc = b.cellColumnMajor ? major : idx, tr = b.cellColumnMajor ? idx : major;
    if (tc >= b.cellMaxW || tr >= b.cellMaxH) return std::nullopt;
    const int wc = window ? window->col : 0, wr = window ? window->row : 0;
    const bool ring = window && window->ring;
    const int ec = wrap(tc - b.cellScrollCol - (ring ? wc * n : 0), b.cellMaxW) - b.cellOriginCol;
    const int er = wrap(tr - b.cellScrollRow - (ring ? wr * n : 0), b.cellMaxH) - b.cellOriginRow;
    if (ec < 0 || er < 0 || ec / n >= cap[0] || er / n >= cap[1]) return std::nullopt;
    return std::array<int, 2>{wc + int(s) * cap[0] + ec / n, wr + er / n};
  }
  return std::nullopt;
}

bool encodeRoomBytes(const Binding& b, const MapDocument& map, const ReadByte& read,
                     std::vector<PlacedByte>* out, std::string* error, const RoomWindow* window) {
  const Room& room = map.room;
  if (hasCells(b)) {
    const auto cap = cellCapacity(b);
    if (!window && (room.width > cap[0] || room.height > cap[1])) {
      *error = "map.cells: the room is " + std::to_string(room.width) + "x" +
               std::to_string(room.height) + " cells but the routine's table holds " +
               std::to_string(cap[0]) + "x" + std::to_string(cap[1]);
      return false;
    }
    // With both a pointer and a label the room goes to the label and the pointer is set to it.
    const std::vector<uint16_t> bases =
        b.cellPointer && b.cells ? std::vector<uint16_t>{*b.cells} : cellTableBases(b, read);
    if (bases.empty()) {
      *error = "map.cells.pointer: no memory to read the table's address from";
      return false;
    }
    if (b.cellPointer && b.cells) {
      out->push_back({*b.cellPointer, uint8_t(*b.cells)});
      out->push_back({uint16_t(*b.cellPointer + 1), uint8_t(*b.cells >> 8)});
    }
    if (b.cellPointer && bases[0] + cellTableBytes(b) > 0x10000) {
      *error = "map.cells.pointer: the pointer at " + hex(*b.cellPointer) + " holds " +
               hex(bases[0]) + " and the table would run past $FFFF";
      return false;
    }
    const auto scap = screenCapacity(b);
    const int n = std::max(b.cellSpacing, 1);
    const int wc = window ? window->col : 0, wr = window ? window->row : 0;
    const bool ring = window && window->ring;
    const int scrollCol = b.cellScrollCol + (ring ? wc * n : 0);
    const int scrollRow = b.cellScrollRow + (ring ? wr * n : 0);
    std::vector<uint16_t> entries(size_t(b.cellMaxW) * b.cellMaxH);
    for (size_t s = 0; s < bases.size(); ++s) {
      // Table entries the room does not cover hold metatile 0.
      std::fill(entries.begin(), entries.end(), uint16_t(0));
      for (int r = 0; r < scap[1]; ++r)
        for (int lc = 0; lc < scap[0]; ++lc) {
          const int c = int(s) * scap[0] + lc;
          if (!room.inside(wc + c, wr + r)) continue;
          for (int j = 0; j < n; ++j)
            for (int i = 0; i < n; ++i) {
              const int tc = wrap(b.cellOriginCol + lc * n + i + scrollCol, b.cellMaxW);
              const int tr = wrap(b.cellOriginRow + r * n + j + scrollRow, b.cellMaxH);
              entries[size_t(tr) * b.cellMaxW + tc] = room.at(wc + c, wr + r);
            }
        }
      // Row by row in the table's own order, so the bytes come out ascending.
      const int lines = b.cellColumnMajor ? b.cellMaxW : b.cellMaxH;
      const int perLine = b.cellColumnMajor ? b.cellMaxH : b.cellMaxW;
      for (int major = 0; major < lines; ++major)
        for (int k = 0; k < perLine; ++k) {
          const int tc = b.cellColumnMajor ? major : k, tr = b.cellColumnMajor ? k : major;
          const uint16_t v = entries[size_t(tr) * b.cellMaxW + tc];
          const uint16_t at = uint16_t(bases[s] + entryOffset(b, tc, tr));
          if (b.cellIdOffset >= 0) {  // only the id's bytes: the rest are the game's
            const uint16_t id = uint16_t(at + b.cellIdOffset);
            if (b.cellIdBytes == 1) {
              out->push_back({id, uint8_t(v)});
            } else {
              out->push_back({id, uint8_t(b.cellBigEndian ? v >> 8 : v)});
              out->push_back({uint16_t(id + 1), uint8_t(b.cellBigEndian ? v : v >> 8)});
            }
          } else if (b.cellBytes == 1) {
            out->push_back({at, uint8_t(v)});
          } else {
            out->push_back({at, uint8_t(b.cellBigEndian ? v >> 8 : v)});
            out->push_back({uint16_t(at + 1), uint8_t(b.cellBigEndian ? v : v >> 8)});
          }
        }
    }
  }
  if (b.attributes) {
    const auto& set = map.metatiles.metatiles;
    if (int(set.size()) > b.attrCount) {
      *error = "map.attributes: the map has " + std::to_string(set.size()) +
               " metatiles but the routine's table holds " + std::to_string(b.attrCount);
      return false;
    }
    for (size_t i = 0; i < set.size(); ++i) {
      const uint16_t base = uint16_t(*b.attributes + i * b.attrStride);
      out->push_back({uint16_t(base + b.attrOffset), encodeAttribute(b, set[i].collision)});
      if (b.attrTileOffset >= 0)
        for (int k = 0; k < 4; ++k)
          out->push_back({uint16_t(base + b.attrTileOffset + k), uint8_t(set[i].tiles[k])});
    }
  }
  return true;
}

bool decodeRoomBytes(const Binding& b, const ReadByte& read, MapDocument* out, std::string* error) {
  Room& room = out->room;
  if (hasCells(b)) {
    const auto cap = cellCapacity(b);
    if (room.width <= 0 || room.height <= 0 || room.cells.empty()) {
      room.width = cap[0];
      room.height = cap[1];
      room.cells.assign(size_t(cap[0]) * cap[1], 0);
    }
    if (room.width > cap[0] || room.height > cap[1]) {
      *error = "map.cells: the room is " + std::to_string(room.width) + "x" +
               std::to_string(room.height) + " cells but the routine's table holds " +
               std::to_string(cap[0]) + "x" + std::to_string(cap[1]);
      return false;
    }
    const std::vector<uint16_t> bases = cellTableBases(b, read);
    if (bases.empty()) {
      *error = "map.cells.pointer: no memory to read the table's address from";
      return false;
    }
    const auto scap = screenCapacity(b);
    const int n = std::max(b.cellSpacing, 1);
    for (int r = 0; r < room.height; ++r)
      for (int c = 0; c < room.width; ++c) {
        const int s = c / scap[0], lc = c % scap[0];
        if (size_t(s) >= bases.size()) continue;
        const int tc = wrap(b.cellOriginCol + lc * n + b.cellScrollCol, b.cellMaxW);
        const int tr = wrap(b.cellOriginRow + r * n + b.cellScrollRow, b.cellMaxH);
        uint16_t at = uint16_t(bases[size_t(s)] + entryOffset(b, tc, tr));
        const int idBytes = b.cellIdOffset >= 0 ? b.cellIdBytes : b.cellBytes;
        if (b.cellIdOffset >= 0) at = uint16_t(at + b.cellIdOffset);
        uint16_t v = read(at);
        if (idBytes == 2) {
          const uint8_t next = read(uint16_t(at + 1));
          v = b.cellBigEndian ? uint16_t(v << 8 | next) : uint16_t(next << 8 | v);
        }
        room.at(c, r) = v;
      }
  }
  if (b.attributes) {
    auto& set = out->metatiles.metatiles;
    const bool invertible = b.attrFormat != AttributeFormat::Mask;
    for (size_t i = 0; i < set.size() && int(i) < b.attrCount; ++i) {
      const uint16_t base = uint16_t(*b.attributes + i * b.attrStride);
      const uint8_t v = read(uint16_t(base + b.attrOffset));
      if (invertible) {
        switch (b.attrFormat) {
          case AttributeFormat::Mrn:
            set[i].collision = v;
            break;
          case AttributeFormat::Walkable:
            set[i].collision = v ? 0 : uint8_t(kSolid);
            break;
          case AttributeFormat::SolidBit:
            set[i].collision = (v & 1) ? uint8_t(kSolid) : 0;
            break;
          case AttributeFormat::Mask:
            break;
        }
      }
      if (b.attrTileOffset >= 0)
        for (int k = 0; k < 4; ++k) set[i].tiles[k] = read(uint16_t(base + b.attrTileOffset + k));
    }
  }
  return true;
}

}  // namespace core
