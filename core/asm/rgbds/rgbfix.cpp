// The rgbfix half of the built-in toolchain (declared in rgbasm.h): the .gb image,
// its header fields and checksums, and rgbfix's cartridge type names.
#include <algorithm>
#include <cctype>
#include <iterator>
#include <set>

#include "core/asm/rgbds/rgbasm.h"

namespace core {

namespace {

std::string normalizeMbc(const std::string& text) {
  // Upper case, `_` as a space, no blanks around `+`, single spaces inside names.
  std::string out;
  for (char c : text) {
    char u = c == '_' || c == '\t' ? ' '
                                   : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (u == ' ' && (out.empty() || out.back() == ' ' || out.back() == '+')) continue;
    if (u == '+' && !out.empty() && out.back() == ' ') out.pop_back();
    out += u;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

std::optional<unsigned> parseNumber(const std::string& t) {
  int base = 10;
  size_t i = 0;
  if (t.empty()) return std::nullopt;
  if (t[0] == '$')
    base = 16, i = 1;
  else if (t[0] == '&')
    base = 8, i = 1;
  else if (t[0] == '%')
    base = 2, i = 1;
  else if (t.size() > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X'))
    base = 16, i = 2;
  else if (t.size() > 2 && t[0] == '0' && (t[1] == 'o' || t[1] == 'O'))
    base = 8, i = 2;
  else if (t.size() > 2 && t[0] == '0' && (t[1] == 'b' || t[1] == 'B'))
    base = 2, i = 2;
  if (i >= t.size()) return std::nullopt;
  unsigned v = 0;
  for (; i < t.size(); ++i) {
    const int c = std::tolower(static_cast<unsigned char>(t[i]));
    const int d = std::isdigit(c) ? c - '0' : std::isxdigit(c) ? c - 'a' + 10 : 99;
    if (d >= base) return std::nullopt;
    v = std::min(v * static_cast<unsigned>(base) + static_cast<unsigned>(d), 0x10000u);
  }
  return v;
}

}  // namespace

std::optional<int> parseMbcType(const std::string& text, std::string* error) {
  auto fail = [&](std::string msg) -> std::optional<int> {
    if (error)
      *error = std::move(msg) +
               " (names: ROM_ONLY, ROM+RAM[+BATTERY], MBC1[+RAM[+BATTERY]], MBC2[+BATTERY], "
               "MMM01[+RAM[+BATTERY]], MBC3[+TIMER][+RAM][+BATTERY], "
               "MBC5[+RUMBLE][+RAM[+BATTERY]], MBC6, MBC7+SENSOR+RUMBLE+RAM+BATTERY, "
               "POCKET_CAMERA, BANDAI_TAMA5, HUC3, HUC1+RAM+BATTERY; or a number 0-255)";
    return std::nullopt;
  };
  const std::string n = normalizeMbc(text);
  if (n.empty()) return fail("empty cartridge type");
  if (std::isdigit(static_cast<unsigned char>(n[0])) || n[0] == '$' || n[0] == '&' || n[0] == '%') {
    auto v = parseNumber(n);
    if (!v) return fail("cartridge type '" + text + "' is not a number");
    if (*v > 0xFF) return fail("cartridge type '" + text + "' is out of range 0-255");
    return static_cast<int>(*v);
  }
  std::vector<std::string> parts;
  for (size_t at = 0;;) {
    size_t plus = n.find('+', at);
    parts.push_back(n.substr(at, plus == std::string::npos ? std::string::npos : plus - at));
    if (plus == std::string::npos) break;
    at = plus + 1;
  }
  std::string name = parts[0];
  if (name == "ROM ONLY") name = "ROM";
  if (name == "TAMA5") name = "BANDAI TAMA5";
  if (name.rfind("TPP1", 0) == 0) return fail("the TPP1 mapper is not supported");
  std::set<std::string> features;
  for (size_t i = 1; i < parts.size(); ++i) {
    static const char* kFeatures[] = {"RAM", "BATTERY", "TIMER", "RUMBLE", "SENSOR"};
    if (std::find(std::begin(kFeatures), std::end(kFeatures), parts[i]) == std::end(kFeatures))
      return fail("unknown cartridge feature '" + parts[i] + "' in '" + text + "'");
    features.insert(parts[i]);
  }
  auto has = [&](const char* f) { return features.count(f) > 0; };
  // MBC3+TIMER implies BATTERY, as in rgbfix (which warns).
  if (name == "MBC3" && has("TIMER")) features.insert("BATTERY");
  struct Entry {
    const char* name;
    std::set<std::string> features;
    int code;
  };
  static const Entry kTypes[] = {
      {"ROM", {}, 0x00},
      {"ROM", {"RAM"}, 0x08},
      {"ROM", {"RAM", "BATTERY"}, 0x09},
      {"MBC1", {}, 0x01},
      {"MBC1", {"RAM"}, 0x02},
      {"MBC1", {"RAM", "BATTERY"}, 0x03},
      {"MBC2", {}, 0x05},
      {"MBC2", {"BATTERY"}, 0x06},
      {"MMM01", {}, 0x0B},
      {"MMM01", {"RAM"}, 0x0C},
      {"MMM01", {"RAM", "BATTERY"}, 0x0D},
      {"MBC3", {"TIMER", "BATTERY"}, 0x0F},
      {"MBC3", {"TIMER", "RAM", "BATTERY"}, 0x10},
      {"MBC3", {}, 0x11},
      {"MBC3", {"RAM"}, 0x12},
      {"MBC3", {"RAM", "BATTERY"}, 0x13},
      {"MBC5", {}, 0x19},
      {"MBC5", {"RAM"}, 0x1A},
      {"MBC5", {"RAM", "BATTERY"}, 0x1B},
      {"MBC5", {"RUMBLE"}, 0x1C},
      {"MBC5", {"RUMBLE", "RAM"}, 0x1D},
      {"MBC5", {"RUMBLE", "RAM", "BATTERY"}, 0x1E},
      {"MBC6", {}, 0x20},
      {"MBC7", {"SENSOR", "RUMBLE", "RAM", "BATTERY"}, 0x22},
      {"POCKET CAMERA", {}, 0xFC},
      {"BANDAI TAMA5", {}, 0xFD},
      {"HUC3", {}, 0xFE},
      {"HUC1", {"RAM", "BATTERY"}, 0xFF},
  };
  bool knownName = false;
  for (const Entry& e : kTypes) {
    if (name != e.name) continue;
    knownName = true;
    if (e.features == features) return e.code;
  }
  if (!knownName) return fail("unknown cartridge type '" + text + "'");
  return fail("features incompatible with " + name + " in '" + text + "'");
}

bool linkImage(const std::vector<ImageChunk>& chunks, std::vector<uint8_t>& out, std::string* error,
               int linkPad, bool tiny, bool noPad) {
  auto fail = [&](std::string msg) {
    if (error) *error = std::move(msg);
    return false;
  };
  if (linkPad < 0 || linkPad > 0xFF) return fail("pad value is out of range 0-255");
  size_t end = 0;
  auto offsetOf = [](const ImageChunk& c) -> size_t {
    if (c.address < 0x4000) return c.address;
    return static_cast<size_t>(std::max(c.bank, 1)) * 0x4000 + (c.address - 0x4000);
  };
  for (const auto& c : chunks) {
    if (c.ram || c.address >= 0x8000) continue;
    end = std::max(end, offsetOf(c) + c.bytes.size());
  }
  // rgblink writes whole banks: ROM0 (32 KiB with -t; empty when no section has
  // bytes), then every ROMX bank up to the last one used; -x stops after the last
  // section.
  size_t size =
      noPad ? end : std::max<size_t>((end + 0x3FFF) / 0x4000 * 0x4000, tiny ? 0x8000 : 0x4000);
  out.assign(size, static_cast<uint8_t>(linkPad));
  for (const auto& c : chunks) {
    if (c.ram || c.address >= 0x8000) continue;
    std::copy(c.bytes.begin(), c.bytes.end(), out.begin() + static_cast<long>(offsetOf(c)));
  }
  return true;
}

bool fixImage(std::vector<uint8_t>& out, const RomFix& fix, std::string* error) {
  auto fail = [&](std::string msg) {
    if (error) *error = std::move(msg);
    return false;
  };
  if (fix.title.size() > 16) return fail("title '" + fix.title + "' is longer than 16 characters");
  if (fix.gameId.size() > 4)
    return fail("game ID '" + fix.gameId + "' is longer than 4 characters");
  if (fix.newLicensee.size() > 2)
    return fail("new licensee '" + fix.newLicensee + "' is longer than 2 characters");
  if (fix.mbc > 0xFF || fix.ramSize > 0xFF || (fix.cgb >= 0 && fix.cgb != 0x80 && fix.cgb != 0xC0))
    return fail("cartridge type, RAM size or CGB flag is out of range");
  if (fix.ramSize > 5)
    // rgbfix takes any byte, but $0149 has six codes; emulators (ours too) refuse others.
    return fail("RAM size (rgbfix -r) " + std::to_string(fix.ramSize) +
                " is not a header code: 0 none, 1 2 KiB (unused), 2 8 KiB, 3 32 KiB, 4 128 KiB, "
                "5 64 KiB");
  if (fix.oldLicensee > 0xFF || fix.romVersion > 0xFF || fix.padValue < 0 || fix.padValue > 0xFF)
    return fail("old licensee, ROM version or pad value is out of range 0-255");
  if (out.size() < 0x150) {
    // rgbfix pads a short file to its header's end before it writes the header.
    if (!fix.pad) return fail("the image is smaller than its header ($150 bytes)");
    out.resize(0x150, static_cast<uint8_t>(fix.padValue));
  }
  if (fix.pad) {
    // rgbfix -p: up to 32 KiB * 2^n, and the ROM size byte says which.
    size_t size = 0x8000;
    while (size < out.size()) size *= 2;
    out.resize(size, static_cast<uint8_t>(fix.padValue));
    uint8_t sizeCode = 0;
    while ((size_t{0x8000} << sizeCode) < size) ++sizeCode;
    out[0x148] = sizeCode;
  }
  if (fix.logo) {
    // The bitmap the boot ROM compares before it starts the cartridge.
    static const uint8_t kLogo[48] = {0xCE, 0xED, 0x66, 0x66, 0xCC, 0x0D, 0x00, 0x0B, 0x03, 0x73,
                                      0x00, 0x83, 0x00, 0x0C, 0x00, 0x0D, 0x00, 0x08, 0x11, 0x1F,
                                      0x88, 0x89, 0x00, 0x0E, 0xDC, 0xCC, 0x6E, 0xE6, 0xDD, 0xDD,
                                      0xD9, 0x99, 0xBB, 0xBB, 0x67, 0x63, 0x6E, 0x0E, 0xEC, 0xCC,
                                      0xDD, 0xDC, 0x99, 0x9F, 0xBB, 0xB9, 0x33, 0x3E};
    std::copy(std::begin(kLogo), std::end(kLogo), out.begin() + 0x104);
  }
  if (!fix.title.empty()) {
    // Like rgbfix: the game ID takes $13F-$142 and the CGB flag $143 out of the title.
    const size_t room = !fix.gameId.empty() ? 11u : fix.cgb >= 0 ? 15u : 16u;
    std::fill(out.begin() + 0x134, out.begin() + 0x134 + static_cast<long>(room), 0);
    for (size_t i = 0; i < fix.title.size() && i < room; ++i)
      out[0x134 + i] = static_cast<uint8_t>(fix.title[i]);
  }
  for (size_t i = 0; i < fix.gameId.size(); ++i)
    out[0x13F + i] = static_cast<uint8_t>(fix.gameId[i]);
  if (fix.cgb >= 0) out[0x143] = static_cast<uint8_t>(fix.cgb);
  for (size_t i = 0; i < fix.newLicensee.size(); ++i)
    out[0x144 + i] = static_cast<uint8_t>(fix.newLicensee[i]);
  if (fix.sgb) out[0x146] = 0x03;
  if (fix.nonJapanese) out[0x14A] = 0x01;
  if (fix.oldLicensee >= 0) out[0x14B] = static_cast<uint8_t>(fix.oldLicensee);
  if (fix.romVersion >= 0) out[0x14C] = static_cast<uint8_t>(fix.romVersion);
  if (fix.mbc >= 0) out[0x147] = static_cast<uint8_t>(fix.mbc);
  if (fix.ramSize >= 0) out[0x149] = static_cast<uint8_t>(fix.ramSize);
  if (fix.headerChecksum) {
    uint8_t header = 0;
    for (size_t i = 0x134; i <= 0x14C; ++i) header = static_cast<uint8_t>(header - out[i] - 1);
    out[0x14D] = header;
  }
  if (fix.globalChecksum) {
    out[0x14E] = out[0x14F] = 0;
    uint16_t global = 0;
    for (uint8_t b : out) global = static_cast<uint16_t>(global + b);
    out[0x14E] = static_cast<uint8_t>(global >> 8);
    out[0x14F] = static_cast<uint8_t>(global);
  }
  return true;
}

bool writeRom(const std::vector<ImageChunk>& chunks, std::vector<uint8_t>& out, std::string* error,
              const RomFix& fix) {
  if (std::none_of(chunks.begin(), chunks.end(),
                   [](const ImageChunk& c) { return !c.ram && c.address < 0x8000; })) {
    if (error) *error = "no ROM sections to write";
    return false;
  }
  return linkImage(chunks, out, error, fix.linkPad) && fixImage(out, fix, error);
}

}  // namespace core
