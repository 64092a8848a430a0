#include "core/game/rom.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <span>

#include "core/util/files.h"
#include "core/util/text.h"
#include "emu6502/mapper.h"

namespace core::game {
namespace {

constexpr std::array<uint8_t, 48> kNintendoLogo = {
    0xCE, 0xED, 0x66, 0x66, 0xCC, 0x0D, 0x00, 0x0B, 0x03, 0x73, 0x00, 0x83, 0x00, 0x0C, 0x00, 0x0D,
    0x00, 0x08, 0x11, 0x1F, 0x88, 0x89, 0x00, 0x0E, 0xDC, 0xCC, 0x6E, 0xE6, 0xDD, 0xDD, 0xD9, 0x99,
    0xBB, 0xBB, 0x67, 0x63, 0x6E, 0x0E, 0xEC, 0xCC, 0xDD, 0xDC, 0x99, 0x9F, 0xBB, 0xB9, 0x33, 0x3E};

constexpr size_t kGbHeaderEnd = 0x150;

bool endsWith(const std::string& s, const std::string& suffix) {
  if (s.size() < suffix.size()) return false;
  return std::equal(suffix.rbegin(), suffix.rend(), s.rbegin(), [](char a, char b) {
    return a == (b >= 'A' && b <= 'Z' ? char(b - 'A' + 'a') : b);
  });
}

bool hasInesMagic(const std::vector<uint8_t>& b) {
  return b.size() >= 4 && b[0] == 'N' && b[1] == 'E' && b[2] == 'S' && b[3] == 0x1A;
}

bool gbLogoOk(const std::vector<uint8_t>& b) {
  return b.size() >= kGbHeaderEnd &&
         std::equal(kNintendoLogo.begin(), kNintendoLogo.end(), b.begin() + 0x104);
}

bool gbChecksumOk(const std::vector<uint8_t>& b) {
  return b.size() >= kGbHeaderEnd && emusm83::headerChecksum(b) == b[0x14D];
}

std::string nesSummary(const emu6502::Cartridge& c) {
  std::string s = c.nes20 ? "NES 2.0" : "iNES";
  s += ", mapper " + std::to_string(c.mapper);
  if (c.nes20 && c.submapper) s += "." + std::to_string(c.submapper);
  s += std::string(" (") + nesMapperName(c.mapper) + ")";
  s += ", " + byteSize(c.prg.size()) + " PRG";
  if (const uint32_t bank = nesPrgBankSize(c.mapper))
    s += " (" + std::to_string(c.prg.size() / bank) + " banks of " + byteSize(bank) + ")";
  s += c.chr.empty() ? ", " + byteSize(c.chrRamSize) + " CHR RAM"
                     : ", " + byteSize(c.chr.size()) + " CHR ROM";
  s += ", " + byteSize(c.prgRamSize) + " PRG-RAM";
  if (c.battery) s += " (battery)";
  s += std::string(", ") + emu6502::mirroringName(c.mirroring) + " mirroring";
  if (!c.trainer.empty()) s += ", trainer";
  return s;
}

std::string gbSummary(const emusm83::CartridgeHeader& h, const std::vector<uint8_t>& bytes) {
  std::string s = "Game Boy, \"" + h.title + "\", ";
  const char* type = emusm83::cartridgeTypeName(h.type);
  s += std::string(type ? type : "?") + " (" + hex(h.type, 2) + ")";
  s += ", " + byteSize(h.romBytes) + " ROM (" + std::to_string(h.romBytes / 0x4000) + " banks)";
  s += h.ramBytes ? ", " + byteSize(h.ramBytes) + " RAM" : ", no RAM";
  s += ", header checksum " + hex(h.headerChecksum, 2) + (h.checksumOk() ? " ok" : " bad");
  const uint16_t stored = uint16_t(bytes[0x14E] << 8 | bytes[0x14F]);
  s += ", global checksum " + hex(stored, 4) + (stored == gbGlobalChecksum(bytes) ? " ok" : " bad");
  return s;
}

bool fail(std::string* error, std::string message) {
  if (error) *error = std::move(message);
  return false;
}

bool loadNes(std::vector<uint8_t> bytes, const std::string& path, RomFile& out,
             std::string* error) {
  emu6502::InesResult r = emu6502::parseInes(bytes, path);
  if (!r.ok()) return fail(error, r.error.text());
  out.kind = RomKind::Nes;
  out.summary = nesSummary(*r.cart);
  for (auto& w : r.warnings) out.warnings.push_back(path + ": " + w);
  out.nes = std::move(*r.cart);
  out.bytes = std::move(bytes);
  return true;
}

bool loadGb(std::vector<uint8_t> bytes, const std::string& path, RomFile& out, std::string* error) {
  const bool logo = gbLogoOk(bytes);
  emusm83::CartridgeLoad r = emusm83::loadCartridge(bytes, path);
  if (!r.ok()) return fail(error, r.error);
  out.kind = RomKind::GameBoy;
  out.summary = gbSummary(r.cart->header(), bytes);
  out.warnings = std::move(r.warnings);
  if (!logo)
    out.warnings.push_back(path +
                           ": $0104: the Nintendo logo differs from the boot ROM's (a real Game "
                           "Boy would lock up)");
  out.gb.emplace(std::move(*r.cart));
  out.bytes = std::move(bytes);
  return true;
}

}  // namespace

const char* romKindName(RomKind kind) {
  return kind == RomKind::Nes ? "NES" : "Game Boy";
}

const char* nesMapperName(unsigned mapper) {
  return emu6502::mapperName(mapper);
}

std::string supportedMappers() {
  return emu6502::supportedMappersText();
}

uint32_t crc32(const uint8_t* data, size_t size, uint32_t crc) {
  static const auto table = [] {
    std::array<uint32_t, 256> t{};
    for (uint32_t i = 0; i < 256; ++i) {
      uint32_t c = i;
      for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      t[i] = c;
    }
    return t;
  }();
  crc = ~crc;
  for (size_t i = 0; i < size; ++i) crc = table[(crc ^ data[i]) & 0xFF] ^ (crc >> 8);
  return ~crc;
}

uint16_t gbGlobalChecksum(const std::vector<uint8_t>& rom) {
  return emusm83::globalChecksum(rom);
}

uint32_t nesPrgBankSize(unsigned mapper) {
  // A board the emulator does not run is taken for the common 16 KiB case.
  const emu6502::Board* board = emu6502::findBoard(mapper);
  return board ? board->prgBankSize : 0x4000;
}

unsigned romBankCount(const RomFile& rom) {
  if (rom.gb) return unsigned(rom.gb->header().romBytes / 0x4000);
  if (rom.nes) {
    const uint32_t bank = nesPrgBankSize(rom.nes->mapper);
    return bank ? unsigned((rom.nes->prg.size() + bank - 1) / bank) : 1;
  }
  return 0;
}

bool loadRomBytes(std::vector<uint8_t> bytes, const std::string& path, RomFile& out,
                  std::string* error) {
  out = RomFile{};
  out.path = path;
  if (hasInesMagic(bytes)) return loadNes(std::move(bytes), path, out, error);
  if (gbLogoOk(bytes) || gbChecksumOk(bytes)) return loadGb(std::move(bytes), path, out, error);
  // Neither header: say what each kind needs, the extension choosing the likelier one.
  if (endsWith(path, ".gb") || endsWith(path, ".gbc")) {
    if (bytes.size() < kGbHeaderEnd)
      return fail(error, path + ": byte " + std::to_string(bytes.size()) +
                             ": truncated: a Game Boy ROM has a header up to $014F (" +
                             std::to_string(bytes.size()) + " bytes)");
    return fail(error, path +
                           ": $0104: bad Game Boy header: neither the Nintendo logo at "
                           "$0104-$0133 nor the header checksum at $014D (" +
                           hex(bytes[0x14D], 2) + ", the header sums to " +
                           hex(emusm83::headerChecksum(bytes), 2) + ") is right");
  }
  if (bytes.size() < 4)
    return fail(error, path + ": byte " + std::to_string(bytes.size()) +
                           ": truncated: " + std::to_string(bytes.size()) + " bytes is no ROM");
  return fail(error, path +
                         ": byte 0: not a NES or Game Boy ROM: no iNES magic \"NES\\x1A\" "
                         "at byte 0 and no Game Boy header (Nintendo logo at $0104, header "
                         "checksum at $014D)");
}

bool loadRom(const std::string& path, RomFile& out, std::string* error) {
  std::string readError;
  auto bytes = readBinaryFile(path, &readError, kMaxBinaryBytes);
  if (!bytes) return fail(error, readError);
  return loadRomBytes(std::move(*bytes), path, out, error);
}

}  // namespace core::game
