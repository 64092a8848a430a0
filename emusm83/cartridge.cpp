#include "emusm83/cartridge.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iterator>

namespace emusm83 {
namespace {

struct TypeEntry {
  uint8_t type;
  const char* name;
  Mbc mbc;
  bool supported;
  bool ram;
  bool battery;
};

constexpr TypeEntry kTypes[] = {
    {0x00, "ROM ONLY", Mbc::None, true, false, false},
    {0x01, "MBC1", Mbc::Mbc1, true, false, false},
    {0x02, "MBC1+RAM", Mbc::Mbc1, true, true, false},
    {0x03, "MBC1+RAM+BATTERY", Mbc::Mbc1, true, true, true},
    {0x05, "MBC2", Mbc::None, false, false, false},
    {0x06, "MBC2+BATTERY", Mbc::None, false, false, true},
    {0x08, "ROM+RAM", Mbc::None, true, true, false},
    {0x09, "ROM+RAM+BATTERY", Mbc::None, true, true, true},
    {0x0B, "MMM01", Mbc::None, false, false, false},
    {0x0C, "MMM01+RAM", Mbc::None, false, true, false},
    {0x0D, "MMM01+RAM+BATTERY", Mbc::None, false, true, true},
    {0x0F, "MBC3+TIMER+BATTERY", Mbc::Mbc3, true, false, true},
    {0x10, "MBC3+TIMER+RAM+BATTERY", Mbc::Mbc3, true, true, true},
    {0x11, "MBC3", Mbc::Mbc3, true, false, false},
    {0x12, "MBC3+RAM", Mbc::Mbc3, true, true, false},
    {0x13, "MBC3+RAM+BATTERY", Mbc::Mbc3, true, true, true},
    {0x19, "MBC5", Mbc::Mbc5, true, false, false},
    {0x1A, "MBC5+RAM", Mbc::Mbc5, true, true, false},
    {0x1B, "MBC5+RAM+BATTERY", Mbc::Mbc5, true, true, true},
    {0x1C, "MBC5+RUMBLE", Mbc::Mbc5, true, false, false},
    {0x1D, "MBC5+RUMBLE+RAM", Mbc::Mbc5, true, true, false},
    {0x1E, "MBC5+RUMBLE+RAM+BATTERY", Mbc::Mbc5, true, true, true},
    {0x20, "MBC6", Mbc::None, false, false, false},
    {0x22, "MBC7+SENSOR+RUMBLE+RAM+BATTERY", Mbc::None, false, true, true},
    {0xFC, "POCKET CAMERA", Mbc::None, false, false, false},
    {0xFD, "BANDAI TAMA5", Mbc::None, false, false, false},
    {0xFE, "HuC3", Mbc::None, false, false, false},
    {0xFF, "HuC1+RAM+BATTERY", Mbc::None, false, true, true},
};

constexpr size_t kMaxRomBytes = size_t{0x8000} << 8;  // ROM size code 8

const TypeEntry* findType(uint8_t type) {
  for (const auto& t : kTypes)
    if (t.type == type) return &t;
  return nullptr;
}

std::string fmt(const char* format, unsigned a, unsigned b = 0, unsigned c = 0) {
  char buf[160];
  std::snprintf(buf, sizeof buf, format, a, b, c);
  return buf;
}

}  // namespace

const char* mbcName(Mbc mbc) {
  switch (mbc) {
    case Mbc::None:
      return "ROM";
    case Mbc::Mbc1:
      return "MBC1";
    case Mbc::Mbc3:
      return "MBC3";
    case Mbc::Mbc5:
      return "MBC5";
  }
  return "?";
}

const char* cartridgeTypeName(uint8_t type) {
  const TypeEntry* t = findType(type);
  return t ? t->name : nullptr;
}

uint8_t headerChecksum(const std::vector<uint8_t>& rom) {
  uint8_t x = 0;
  for (size_t i = 0x134; i <= 0x14C && i < rom.size(); ++i)
    x = static_cast<uint8_t>(x - rom[i] - 1);
  return x;
}

uint16_t globalChecksum(const std::vector<uint8_t>& rom) {
  uint16_t sum = 0;
  for (size_t i = 0; i < rom.size(); ++i)
    if (i != 0x14E && i != 0x14F) sum = static_cast<uint16_t>(sum + rom[i]);
  return sum;
}

Cartridge::Cartridge(CartridgeHeader header, std::vector<uint8_t> rom)
    : header_(std::move(header)), rom_(std::move(rom)) {
  // Keep at least two full banks so every mapping stays inside the buffer.
  if (rom_.size() < 0x8000) rom_.resize(0x8000, 0xFF);
  romBanks_ = static_cast<unsigned>(rom_.size() / 0x4000);
  if (header_.ramBytes) ram_.assign(std::max<size_t>(header_.ramBytes, 0x2000), 0);
  remap();
}

void Cartridge::writeControl(uint16_t addr, uint8_t v) {
  switch (header_.mbc) {
    case Mbc::None:
      return;  // plain ROM: writes are ignored
    case Mbc::Mbc1:
      if (addr < 0x2000)
        ramEnabled_ = (v & 0x0F) == 0x0A;
      else if (addr < 0x4000)
        bankLow_ = (v & 0x1F) ? (v & 0x1F) : 1;  // 0 reads as 1
      else if (addr < 0x6000)
        bankHigh_ = v & 3;
      else
        mode1_ = v & 1;
      break;
    case Mbc::Mbc3:
      if (addr < 0x2000)
        ramEnabled_ = (v & 0x0F) == 0x0A;
      else if (addr < 0x4000)
        bankLow_ = (v & 0x7F) ? (v & 0x7F) : 1;
      else if (addr < 0x6000)
        bankHigh_ = v & 0x0F;  // 0-3 RAM bank, 8-C RTC register
      else {
        if (lastLatchWrite_ == 0x00 && v == 0x01) rtcLatched_ = rtc_;
        lastLatchWrite_ = v;
      }
      break;
    case Mbc::Mbc5:
      if (addr < 0x2000)
        ramEnabled_ = (v & 0x0F) == 0x0A;
      else if (addr < 0x3000)
        bankLow_ = (bankLow_ & 0x100) | v;
      else if (addr < 0x4000)
        bankLow_ = (bankLow_ & 0xFF) | (v & 1u) << 8;
      else if (addr < 0x6000)
        bankHigh_ = v & 0x0F;  // bit 3 drives rumble on rumble carts
      break;
  }
  remap();
}

void Cartridge::remap() {
  unsigned bank0 = 0, bank1 = 1, ramBank = 0;
  switch (header_.mbc) {
    case Mbc::None:
      break;
    case Mbc::Mbc1:
      bank1 = bankHigh_ << 5 | bankLow_;
      if (mode1_) {
        bank0 = bankHigh_ << 5;
        ramBank = bankHigh_;
      }
      break;
    case Mbc::Mbc3:
      bank1 = bankLow_;
      ramBank = bankHigh_;
      break;
    case Mbc::Mbc5:
      bank1 = bankLow_;
      ramBank = header_.type >= 0x1C ? bankHigh_ & 7 : bankHigh_;
      break;
  }
  // Bank numbers wrap at the ROM size (the unused high lines are not connected).
  romOffset0_ = static_cast<size_t>(bank0 % romBanks_) * 0x4000;
  romOffset1_ = static_cast<size_t>(bank1 % romBanks_) * 0x4000;
  const bool ramUsable = !ram_.empty() && (header_.mbc == Mbc::None || ramEnabled_) &&
                         !(header_.mbc == Mbc::Mbc3 && ramBank >= 8);
  if (ramUsable) {
    const size_t banks = std::max<size_t>(ram_.size() / 0x2000, 1);
    ramOffset_ = static_cast<long>((ramBank % banks) * 0x2000);
  } else {
    ramOffset_ = -1;
  }
}

bool Cartridge::rtcSelected() const {
  return header_.mbc == Mbc::Mbc3 && ramEnabled_ && bankHigh_ >= 0x08 && bankHigh_ <= 0x0C;
}

uint8_t Cartridge::readRtc() const {
  if (!rtcSelected() || !(header_.type == 0x0F || header_.type == 0x10)) return 0xFF;
  return rtcLatched_[bankHigh_ - 0x08];
}

void Cartridge::writeRtc(uint8_t v) {
  if (!rtcSelected() || !(header_.type == 0x0F || header_.type == 0x10)) return;
  // Only the bits the clock chip has: 6-bit seconds/minutes, 5-bit hours, day bit 8,
  // halt (6) and day carry (7).
  static constexpr uint8_t kMasks[5] = {0x3F, 0x3F, 0x1F, 0xFF, 0xC1};
  rtc_[bankHigh_ - 0x08] = static_cast<uint8_t>(v & kMasks[bankHigh_ - 0x08]);
}

bool Cartridge::mapRomBank(unsigned bank) {
  if (bank >= romBanks_) return false;
  if (romBank() == bank) return true;
  const MbcState saved = mbcState();
  const size_t offset0 = romOffset0_;
  switch (header_.mbc) {
    case Mbc::None:
      return false;
    case Mbc::Mbc1:
      bankLow_ = bank & 0x1F;
      bankHigh_ = (bank >> 5) & 3;
      if (bankLow_ == 0) bankLow_ = 1;  // cannot be selected: the check below fails
      break;
    case Mbc::Mbc3:
      if (bank == 0 || bank > 0x7F) return false;
      bankLow_ = bank;
      break;
    case Mbc::Mbc5:
      if (bank > 0x1FF) return false;
      bankLow_ = bank;
      break;
  }
  remap();
  if (romBank() != bank || romOffset0_ != offset0) {
    setMbcState(saved);
    return false;
  }
  return true;
}

MbcState Cartridge::mbcState() const {
  MbcState s;
  s.ramEnabled = ramEnabled_;
  s.bankLow = bankLow_;
  s.bankHigh = bankHigh_;
  s.mode1 = mode1_;
  s.rtc = rtc_;
  s.rtcLatched = rtcLatched_;
  s.lastLatchWrite = lastLatchWrite_;
  return s;
}

void Cartridge::setMbcState(const MbcState& s) {
  ramEnabled_ = s.ramEnabled;
  bankLow_ = s.bankLow & 0x1FF;
  bankHigh_ = s.bankHigh & 0x0F;
  mode1_ = s.mode1;
  rtc_ = s.rtc;
  rtcLatched_ = s.rtcLatched;
  lastLatchWrite_ = s.lastLatchWrite;
  remap();
}

CartridgeLoad loadCartridge(std::vector<uint8_t> rom, const std::string& name) {
  CartridgeLoad out;
  if (rom.size() < 0x150) {
    out.error = name + ": " +
                fmt("file is %u bytes, too short for a Game Boy header (needs at least $150 = "
                    "336 bytes)",
                    static_cast<unsigned>(rom.size()));
    return out;
  }
  CartridgeHeader h;
  for (size_t i = 0x134; i <= 0x143; ++i) {
    const uint8_t ch = rom[i];
    if (ch == 0 || ch < 0x20 || ch > 0x7E) break;
    h.title += static_cast<char>(ch);
  }
  h.type = rom[0x147];
  h.romSizeCode = rom[0x148];
  h.ramSizeCode = rom[0x149];
  h.headerChecksum = rom[0x14D];
  h.computedChecksum = headerChecksum(rom);
  h.cgbFlag = rom[0x143];
  h.version = rom[0x14C];
  h.globalChecksum = static_cast<uint16_t>(rom[0x14E] << 8 | rom[0x14F]);
  h.computedGlobalChecksum = globalChecksum(rom);

  const TypeEntry* type = findType(h.type);
  if (!type) {
    out.error = name + ": " + fmt("$0147: unknown cartridge type $%02X", h.type);
    return out;
  }
  if (!type->supported) {
    out.error = name + ": " + fmt("$0147: cartridge type $%02X (", h.type) + type->name +
                ") is not supported (ROM only, MBC1, MBC3 and MBC5 are)";
    return out;
  }
  h.mbc = type->mbc;
  h.battery = type->battery;

  if (h.romSizeCode > 8) {
    out.error = name + ": " + fmt("$0148: unknown ROM size code $%02X", h.romSizeCode);
    return out;
  }
  h.romBytes = size_t{0x8000} << h.romSizeCode;
  if (rom.size() != h.romBytes) {
    out.error =
        name + ": " +
        fmt("$0148: ROM size byte $%02X says %u bytes, but the file has %u bytes", h.romSizeCode,
            static_cast<unsigned>(h.romBytes), static_cast<unsigned>(rom.size()));
    return out;
  }
  if (h.mbc == Mbc::None && h.romBytes > 0x8000) {
    out.error = name + ": " +
                fmt("$0148: a cartridge without MBC (type $%02X) cannot hold %u bytes of ROM",
                    h.type, static_cast<unsigned>(h.romBytes));
    return out;
  }
  static constexpr size_t kRamSizes[] = {0, 0x800, 0x2000, 0x8000, 0x20000, 0x10000};
  if (h.ramSizeCode > 5) {
    out.error = name + ": " + fmt("$0149: unknown RAM size code $%02X", h.ramSizeCode);
    return out;
  }
  h.ramBytes = type->ram ? kRamSizes[h.ramSizeCode] : 0;
  if (type->ram && h.ramBytes == 0)
    out.warnings.push_back(name + ": " +
                           fmt("$0149: type $%02X has RAM but the RAM size byte is $00", h.type));
  if (!type->ram && h.ramSizeCode != 0)
    out.warnings.push_back(name + ": " +
                           fmt("$0149: RAM size code $%02X on a type without RAM ($%02X); "
                               "no RAM mapped",
                               h.ramSizeCode, h.type));
  if (!h.checksumOk())
    out.warnings.push_back(name + ": " +
                           fmt("$014D: header checksum is $%02X, expected $%02X (a real Game "
                               "Boy would refuse to boot it)",
                               h.headerChecksum, h.computedChecksum));
  if (h.type == 0x0F || h.type == 0x10)
    out.warnings.push_back(name +
                           ": MBC3 real-time clock is frozen (its registers hold what the "
                           "program writes; no time passes)");
  out.cart.emplace(std::move(h), std::move(rom));
  return out;
}

CartridgeLoad loadCartridgeFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    CartridgeLoad out;
    out.error = path + ": cannot open file";
    return out;
  }
  // Read at most one byte past the largest ROM, so a huge file (or a device that
  // never ends) is refused without being read into memory.
  std::vector<uint8_t> bytes(kMaxRomBytes + 1);
  in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  bytes.resize(static_cast<size_t>(in.gcount()));
  if (bytes.size() > kMaxRomBytes) {
    CartridgeLoad out;
    out.error = path + ": " +
                fmt("file is larger than %u bytes (8 MiB), the largest Game Boy ROM",
                    static_cast<unsigned>(kMaxRomBytes));
    return out;
  }
  return loadCartridge(std::move(bytes), path);
}

}  // namespace emusm83
