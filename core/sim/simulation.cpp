#include "core/sim/simulation.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iterator>

#include "core/asm/ca65/ca65.h"
#include "core/game/boot.h"
#include "core/game/frame_run.h"
#include "core/sim/call_memo.h"
#include "core/sim/call_probe.h"
#include "core/sim/collision_rule.h"
#include "core/sim/map_layout.h"
#include "core/sim/references.h"
#include "core/util/files.h"
#include "core/util/json_reader.h"
#if __has_include("core/asm/rgbds/rgbasm.h")
#include "core/asm/rgbds/rgbasm.h"
#include "core/util/text.h"
#define COLLIDOSCOPE_HAVE_RGBASM 1
#endif

namespace core {

using detail::ProbeObserver;
using detail::takeResult;

int Binding::fieldIndex(const std::string& name) const {
  for (size_t i = 0; i < fields.size(); ++i)
    if (fields[i].name == name) return int(i);
  return -1;
}

AsmResult buildRoutine(const RoutineManifest& m, const SourceReader& readFile) {
  if (m.game) return game::loadGameImage(m);
  if (m.toolchain == "ca65") {
    Ca65Layout layout;
    layout.zeropage = m.zeropage;
    layout.bss = m.bss;
    layout.bssSize = uint16_t(std::max(0, 0x0800 - int(m.bss)));
    layout.code = m.code;
    Ca65Options opts;
    opts.readFile = readFile;
    opts.includeDirs = m.includeDirs;
    opts.defines = m.defines;
    opts.manifest = m.path;  // unlocated toolchain messages name its fields
    return assemble6502(m.sources, layout, opts);
  }
#ifdef COLLIDOSCOPE_HAVE_RGBASM
  Sm83AsmOptions opts;
  opts.includeDirs = m.includeDirs;
  opts.defines = m.defines;
  opts.preinclude = m.preinclude;
  opts.linkerScript = m.linkerScript;
  // The built-in assembler takes nullopt as "no such file": fall back to the disk here.
  if (readFile)
    opts.readFile = [readFile](const std::string& path) -> std::optional<std::string> {
      if (auto text = readFile(path)) return text;
      std::error_code ec;
      if (!std::filesystem::is_regular_file(path, ec)) return std::nullopt;
      return readTextFile(path);
    };
  return assembleSm83(m.sources, opts);
#else
  AsmResult r;
  r.diagnostics.push_back({Diagnostic::Severity::Error,
                           {m.path, 0, 0},
                           "the built-in SM83 assembler is not in this build"});
  return r;
#endif
}

namespace {

bool resolve(const DebugInfo& dbg, const LabelRef& ref, const std::string& field, uint16_t& out,
             std::string* error) {
  // A numeric address ("$C0A0", "0xC0A0", "49312") stands where a label goes.
  std::optional<uint32_t> a;
  if (auto n = parseNumberText(ref.label); n && *n >= 0 && *n <= 0xFFFF)
    a = uint32_t(*n);
  else
    a = dbg.addressOf(ref.label);
  if (!a) {
    *error = field + ": label \"" + ref.label + "\" is not defined by the " +
             (field.rfind("game.", 0) == 0 ? "game's symbols" : "routine") +
             game::closestNamesText(dbg, ref.label);
    return false;
  }
  if (*a + uint32_t(ref.offset) > 0xFFFF) {
    *error = field + ": \"" + ref.label + "+" + std::to_string(ref.offset) + "\" is " +
             hex(*a + uint32_t(ref.offset)) + ", past $FFFF";
    return false;
  }
  out = uint16_t(*a + ref.offset);
  return true;
}

// RAM a map pointer may live in: the NES's 2 KiB (and mirrors) and cartridge
// RAM; the Game Boy's cartridge RAM, WRAM (and echo) and HRAM.
bool inRam(Cpu cpu, uint16_t a) {
  if (cpu == Cpu::M6502) return a < 0x2000 || (a >= 0x6000 && a < 0x8000);
  return (a >= 0xA000 && a < 0xFE00) || (a >= 0xFF80 && a < 0xFFFF);
}

const char* ramText(Cpu cpu) {
  return cpu == Cpu::M6502 ? "$0000-$1FFF, $6000-$7FFF" : "$A000-$FDFF, $FF80-$FFFE";
}

std::string hexRange(const AddressRange& r) {
  return core::hexRange(r.begin, r.end);
}

// A region of the routine's memory the manifest names, [begin, end): all of it,
// or with `stride` the `size` bytes at begin + k * stride for each of `count`
// entries (a field of an array of structs: the bytes between belong to the
// struct's other fields).
struct Region {
  Region(std::string p, AddressRange r) : path(std::move(p)), range(r) {}
  std::string path;  // manifest field, or "segment NAME" for the image's code
  AddressRange range;
  uint32_t size = 0, stride = 0, count = 1;
  bool strided() const { return stride > size && count > 1; }
};

// A field's bytes over `count` slots `stride` apart: one run when the slots touch.
Region fieldRegion(std::string path, uint32_t begin, uint32_t size, int stride, int count) {
  const uint32_t n = uint32_t(std::max(count, 1));
  Region r(std::move(path), {begin, begin + uint32_t(n - 1) * uint32_t(stride) + size});
  if (uint32_t(stride) > size && n > 1) {
    r.size = size;
    r.stride = uint32_t(stride);
    r.count = n;
  }
  return r;
}

// Every region must lie inside the 64 KiB bus (the watch and the encoders index
// by address) and no two may share a byte: the room encoder would overwrite the
// code, an entity field the attribute table, and so on. Interleaved fields of
// an array of structs (x at +1, y at +2, stride 6) share none and pass.
bool checkRegions(const std::vector<Region>& regions, std::string* error) {
  for (const Region& r : regions)
    if (r.range.end > 0x10000) {
      *error = r.path + (r.path.rfind("map.", 0) == 0 ? ": table " : ": bytes ") +
               hexRange(r.range) + " runs past $FFFF";
      return false;
    }
  // Which region holds each byte; the first later region that takes a held byte
  // is reported, with the earliest region it shares one with.
  std::vector<int16_t> owner(0x10000, -1);
  for (size_t i = 0; i < regions.size(); ++i) {
    const Region& b = regions[i];
    int first = -1;
    uint32_t shared = 0;
    auto take = [&](uint32_t from, uint32_t to) {
      for (uint32_t x = from; x < to; ++x) {
        const int k = owner[x];
        if (k >= 0 && (first < 0 || k < first)) {
          first = k;
          shared = x;
        }
        if (k < 0) owner[x] = int16_t(i);
      }
    };
    if (b.strided())
      for (uint32_t e = 0; e < b.count; ++e)
        take(b.range.begin + e * b.stride, b.range.begin + e * b.stride + b.size);
    else
      take(b.range.begin, b.range.end);
    if (first >= 0) {
      const Region& a = regions[size_t(first)];
      *error = b.path + " (" + hexRange(b.range) + ") overlaps " + a.path + " (" +
               hexRange(a.range) + ")";
      if (a.strided() || b.strided()) *error += ": both use " + hex(shared);
      return false;
    }
  }
  return true;
}

}  // namespace

namespace {

// The manifest's tables besides the default: entry, slot byte and fields, each
// field's bytes over the table's `count` entries a region of its own.
template <typename RegionFn, typename FieldRegionFn>
bool bindTables(const RoutineManifest& m, const DebugInfo& dbg, Binding& b, RegionFn& region,
                FieldRegionFn& fieldBytes, std::string* error) {
  uint16_t a = 0;
  for (const EntityTable& t : m.tables) {
    const std::string p = "tables." + t.name;
    Binding::Table bt;
    bt.name = t.name;
    if (!t.entry.empty()) {
      if (!resolve(dbg, {t.entry, 0}, p + ".entry", a, error)) return false;
      bt.entry = a;
    }
    if (!t.slot.empty()) {
      if (!resolve(dbg, t.slot, p + ".slot", a, error)) return false;
      bt.slot = a;
      region(p + ".slot", a, 1);
    }
    std::vector<std::string> order{"x", "y"};
    for (const auto& [name, f] : t.fields)
      if (name != "x" && name != "y") order.push_back(name);
    for (const std::string& name : order) {
      const FieldBinding& f = t.fields.at(name);
      const std::string path = p + ".fields." + name;
      Binding::Field bf;
      if (!resolve(dbg, f.ref, f.split() ? path + ".lo" : path, bf.address, error)) return false;
      bf.name = name;
      bf.shape() = f.shape();
      bf.stride = f.stride;
      bf.initial = f.initial;
      if (f.split()) {
        if (!resolve(dbg, f.hi, path + ".hi", bf.hiAddress, error)) return false;
        bf.split = true;
        fieldBytes(path + ".lo", bf.address, 1, f.stride, t.count);
        fieldBytes(path + ".hi", bf.hiAddress, 1, f.stride, t.count);
      } else {
        fieldBytes(path, bf.address, uint32_t(f.size), f.stride, t.count);
      }
      bt.fields.push_back(std::move(bf));
    }
    b.tables.push_back(std::move(bt));
  }
  return true;
}

}  // namespace

std::vector<std::string> Binding::recordedNames(int t) const {
  std::vector<std::string> names;
  for (const Field& f : fieldsOf(t)) names.push_back(f.name);
  for (const Result& r : results) names.push_back(r.name);
  return names;
}

bool bindRoutine(const RoutineManifest& m, const DebugInfo& dbg, Binding& b, std::string* error,
                 const std::vector<ImageChunk>& chunks, int entities) {
  b = Binding{};
  std::vector<Region> regions;
  auto region = [&](std::string path, uint32_t begin, uint32_t size) {
    if (size > 0) regions.push_back({std::move(path), {begin, begin + size}});
  };
  auto fieldBytes = [&](std::string path, uint32_t begin, uint32_t size, int stride, int count) {
    regions.push_back(fieldRegion(std::move(path), begin, size, stride, count));
  };
  // A frame-mode manifest may name its routines alone (the first is the entry).
  const bool fromRoutines = m.game && m.game->mode == GameSpec::Mode::Frame &&
                            !m.game->routines.empty() && m.game->routines[0] == m.entry;
  const bool noEntry = m.game && m.game->noRoutines && m.entry.empty();  // frame span, no hooks
  if (!noEntry &&
      !resolve(dbg, {m.entry, 0}, fromRoutines ? "game.routines[0]" : "entry", b.entry, error))
    return false;
  uint16_t a = 0;
  if (!m.slot.empty()) {
    if (!resolve(dbg, m.slot, "entity.slot", a, error)) return false;
    b.slot = a;
    region("entity.slot", a, 1);
  }
  std::vector<std::string> order{"x", "y"};
  for (const auto& [name, f] : m.fields)
    if (name != "x" && name != "y") order.push_back(name);
  for (const std::string& name : order) {
    auto it = m.fields.find(name);
    if (it == m.fields.end()) continue;
    const FieldBinding& f = it->second;
    const std::string path = "entity.fields." + name;
    if (!resolve(dbg, f.ref, f.split() ? path + ".lo" : path, a, error)) return false;
    // A label whose known size is smaller than the field cannot hold it.
    if (const DebugSymbol* s = dbg.symbol(f.ref.label);
        s && s->size > 0 && f.stride == 0 &&
        uint32_t(f.ref.offset + (f.split() ? 1 : f.size)) > s->size) {
      *error = "entity.fields." + name + ": label \"" + f.ref.label + "\" is " +
               std::to_string(s->size) + " byte(s), too small for a " + std::to_string(f.size) +
               "-byte field";
      return false;
    }
    Binding::Field bf;
    bf.name = name;
    bf.address = a;
    bf.shape() = f.shape();
    bf.stride = f.stride;
    bf.initial = f.initial;
    if (f.split()) {
      if (!resolve(dbg, f.hi, path + ".hi", bf.hiAddress, error)) return false;
      bf.split = true;
      fieldBytes(path + ".lo", a, 1, f.stride, entities);
      fieldBytes(path + ".hi", bf.hiAddress, 1, f.stride, entities);
    } else {
      fieldBytes(path, a, uint32_t(f.size), f.stride, entities);
    }
    b.fields.push_back(std::move(bf));
  }
  if (m.input) {
    if (!resolve(dbg, m.input->ref, "input.label", a, error)) return false;
    b.input = a;
    region("input.label", a, 1);
    if (!m.input->dy.empty()) {
      if (!resolve(dbg, m.input->dy, "input.dyLabel", a, error)) return false;
      b.inputDy = a;
      region("input.dyLabel", a, 1);
    }
  }
  std::vector<Region> romTables;  // cell tables allowed inside the image's ROM
  if (m.cells) {
    const CellLayout& cl = *m.cells;
    b.cellStride = cl.stride;
    b.cellMaxW = cl.maxWidth;
    b.cellMaxH = cl.maxHeight;
    b.cellColumnMajor = cl.columnMajor;
    b.cellBytes = cl.bytes;
    b.cellBigEndian = cl.bigEndian;
    b.cellIdOffset = cl.idOffset;
    b.cellIdBytes = cl.idBytes;
    b.cellSpacing = cl.spacing;
    b.cellOriginCol = cl.originCol;
    b.cellOriginRow = cl.originRow;
    b.cellScrollCol = cl.scrollCol;
    b.cellScrollRow = cl.scrollRow;
    const uint32_t size = cellTableBytes(b);
    auto table = [&](const std::string& path, uint16_t at) {
      if (cl.rom)
        romTables.push_back({path, {at, at + size}});
      else
        region(path, at, size);
    };
    if (!cl.pointer.empty()) {
      if (!resolve(dbg, cl.pointer, "map.cells.pointer", a, error)) return false;
      if (!inRam(m.cpu, a) || !inRam(m.cpu, uint16_t(a + 1))) {
        *error = "map.cells.pointer: \"" + cl.pointer.label + "\" is at " + hex(a) +
                 ", outside RAM (" + ramText(m.cpu) + "); the pointer must be a variable";
        return false;
      }
      b.cellPointer = a;
      region("map.cells.pointer", a, 2);
    }
    for (size_t i = 0; i < cl.screens.size(); ++i) {
      const std::string path = "map.cells.screens[" + std::to_string(i) + "]";
      if (!resolve(dbg, cl.screens[i], path, a, error)) return false;
      if (i == 0) b.cells = a;
      b.cellScreens.push_back(a);
      table(path, a);
    }
    if (!cl.ref.empty()) {
      if (!resolve(dbg, cl.ref, "map.cells.label", a, error)) return false;
      b.cells = a;
      table("map.cells", a);
    }
  }
  if (m.attributes) {
    if (!resolve(dbg, m.attributes->ref, "map.attributes.label", a, error)) return false;
    b.attributes = a;
    b.attrStride = m.attributes->stride;
    b.attrOffset = m.attributes->offset;
    b.attrTileOffset = m.attributes->tileOffset;
    b.attrCount = m.attributes->count;
    b.attrFormat = m.attributes->format;
    b.attrMaskSolid = m.attributes->maskSolid;
    b.attrMaskUp = m.attributes->maskUp;
    b.attrMaskDown = m.attributes->maskDown;
    b.attrMaskLeft = m.attributes->maskLeft;
    b.attrMaskRight = m.attributes->maskRight;
    region("map.attributes", a, uint32_t(b.attrStride) * b.attrCount);
  }
  if (m.rule.kind == CollisionRuleKind::Lookup) {
    if (!resolve(dbg, m.rule.table, "map.rule.label", a, error)) return false;
    if (a + uint32_t(m.rule.count - 1) * m.rule.stride > 0xFFFF) {
      *error = "map.rule.count: the table at " + hex(a) + " runs past $FFFF";
      return false;
    }
    b.ruleTable = a;
  } else if (m.rule.kind == CollisionRuleKind::Predicate) {
    if (!resolve(dbg, {m.rule.routine, 0}, "map.rule.label", a, error)) return false;
    b.rulePredicate = a;
  }
  for (const ImageChunk& c : chunks)
    if (!c.ram) region("segment " + c.name, c.address, uint32_t(c.bytes.size()));
  // A map in ROM: the table must lie inside one ROM segment and clear of the other tables.
  for (const Region& t : romTables) {
    if (t.range.end > 0x10000) return checkRegions({t}, error);
    const bool inRom = std::any_of(chunks.begin(), chunks.end(), [&](const ImageChunk& c) {
      return !c.ram && t.range.begin >= c.address && t.range.end <= c.address + c.bytes.size();
    });
    if (!inRom) {
      *error = t.path + ": the table " + hexRange(t.range) +
               " is not inside one of the image's ROM segments (map.cells.rom is set)";
      return false;
    }
    std::vector<Region> rest;
    for (const Region& r : regions)
      if (r.path.rfind("segment ", 0) != 0) rest.push_back(r);
    rest.push_back(t);
    if (!checkRegions(rest, error)) return false;
  }
  if (!bindTables(m, dbg, b, region, fieldBytes, error)) return false;
  for (const RegisterPreset& p : m.registers) {
    Binding::Preset bp;
    bp.reg = p.reg;
    bp.source = p.source;
    bp.value = uint32_t(p.value);
    bp.name = p.name;
    bp.edge = p.edge;
    bp.next = p.next;
    bp.other = p.other;
    if (p.source == RegisterPreset::Source::Field) {
      bp.field = b.fieldIndex(p.name);
    } else if (p.source == RegisterPreset::Source::Label) {
      if (!resolve(dbg, {p.name, 0}, "registers." + p.reg, a, error)) return false;
      bp.value = a;
    }
    b.presets.push_back(std::move(bp));
  }
  for (const ResultSpec& r : m.results) {
    Binding::Result br{r.name, r.source, r.reg, 0};
    if (r.source == ResultSpec::Source::Ram &&
        !resolve(dbg, r.ref, "results." + r.name, br.address, error))
      return false;
    if (r.name == m.apply.result) b.applyResult = int(b.results.size());
    b.results.push_back(std::move(br));
  }
  b.applyWhenZero = m.apply.whenZero;
  b.expectedWrites = m.expectedWrites;
  return checkRegions(regions, error);
}

bool encodeRoom(Machine& machine, const Binding& b, const MapDocument& map, std::string* error,
                const RoomWindow* window) {
  std::vector<PlacedByte> bytes;
  if (!encodeRoomBytes(
          b, map, [&](uint16_t a) { return machine.peek(a); }, &bytes, error, window))
    return false;
  for (const PlacedByte& p : bytes) machine.poke(p.addr, p.value);
  return true;
}

namespace {

uint64_t mix(uint64_t h, uint64_t v) {
  return (h ^ (v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2))) * 0xFF51AFD7ED558CCDull;
}

// Records every access of one instruction for traces.
class TraceObserver final : public AccessObserver {
 public:
  std::vector<TraceAccess>* target = nullptr;
  void onAccess(uint16_t addr, uint8_t value, AccessKind kind) override {
    if (target) target->push_back({addr, value, kind});
  }
};

}  // namespace

// The encoded room and attribute table: the ranges whose reads the runner records.
static std::vector<AddressRange> watchedRanges(const Binding& b,
                                               const std::vector<uint16_t>& cellBases) {
  std::vector<AddressRange> r;
  for (uint16_t base : cellBases) r.push_back({base, uint32_t(base + cellTableBytes(b))});
  if (b.attributes)
    r.push_back({*b.attributes, uint32_t(*b.attributes + b.attrStride * b.attrCount)});
  return r;
}

void Simulation::refreshCellBases() {
  auto bases = cellTableBases(binding_, [this](uint16_t a) { return machine_->peek(a); });
  if (bases == cellBases_) return;
  cellBases_ = std::move(bases);
  machine_->setWatch(watchedRanges(binding_, cellBases_));
}

Simulation::Simulation() = default;
Simulation::~Simulation() = default;

bool Simulation::build(const Scenario& scenario, std::string* error) {
  scenario_ = scenario;
  AsmResult image = buildRoutine(scenario_.manifest);
  if (!image.ok) {
    *error = image.diagnosticsText();
    if (error->empty()) *error = scenario_.manifest.path + ": the routine did not assemble";
    return false;
  }
  return bindImage(image, error);
}

bool Simulation::bindImage(const AsmResult& image, std::string* error) {
  Binding b;
  // The default table's field regions span its own entities (other tables have a count).
  int ownEntities = 0;
  for (size_t i = 0; i < scenario_.entities.size(); ++i) ownEntities += scenario_.tableOf(i) == 0;
  if (!bindRoutine(scenario_.manifest, image.debug, b, error, image.chunks, ownEntities)) {
    *error = scenario_.manifest.path + ": " + *error;
    return false;
  }
  if (scenario_.manifest.game) return bindGame(image, b, error);
  auto machine = makeMachine(scenario_.manifest.cpu);
  if (!machine->load(image, error)) return false;
  if (!evaluateRule(*machine, b, error)) return false;
  cellBases_ = cellTableBases(b, [&](uint16_t a) { return machine->peek(a); });
  machine->setWatch(watchedRanges(b, cellBases_));
  // A new image or binding: nothing recorded applies.
  if (!memo_) memo_ = std::make_unique<CallMemo>();
  std::vector<AddressRange> code;
  for (const ImageChunk& c : image.chunks)
    if (!c.ram) code.push_back({c.address, uint32_t(c.address + c.bytes.size())});
  memo_->setCode(code);
  image_ = image;
  binding_ = b;
  machine_ = std::move(machine);
  game_ = nullptr;
  frames_ = nullptr;
  return true;
}

bool Simulation::bindGame(const AsmResult& image, const Binding& b, std::string* error) {
  const RoutineManifest& m = scenario_.manifest;
  std::unique_ptr<game::GameMachine> machine = game::makeGameMachine(image.rom, m.game->rom, error);
  if (!machine) return false;
  if (machine->cpu() != m.cpu) {
    *error = m.path + ": cpu: the manifest says " + cpuName(m.cpu) + " but " + m.game->rom +
             " is for the " + cpuName(machine->cpu());
    return false;
  }
  if (!game::bootGame(*machine, *m.game, image.debug, error)) {
    *error = m.path + ": " + *error;
    return false;
  }
  std::shared_ptr<game::FrameRunner> frames;
  if (m.game->mode == GameSpec::Mode::Frame) {
    // The game maps its own banks; recording starts at the frame start after the boot.
    frames = std::make_shared<game::FrameRunner>();
    if (!frames->bind(m, image.debug, error)) {
      *error = m.path + ": " + *error;
      return false;
    }
    frames->alignToFrame(*machine);
  } else if (const DebugSymbol* s = image.debug.symbol(m.entry)) {
    // The entry's bank is mapped for every call, and already at the start, so that
    // tables in the same bank (the room) are encoded where the routine reads them.
    if (!machine->mapBank(b.entry, unsigned(s->bank))) {
      *error = m.path + ": entry: \"" + m.entry + "\" is in bank " + std::to_string(s->bank) +
               ", which the cartridge cannot map at " + hex(b.entry);
      return false;
    }
    machine->setEntryBank(b.entry, unsigned(s->bank));
  }
  if (!evaluateRule(*machine, b, error)) return false;
  machine->setStartState(machine->snapshot());
  cellBases_ = cellTableBases(b, [&](uint16_t a) { return machine->peek(a); });
  machine->setWatch(watchedRanges(b, cellBases_));
  image_ = image;
  binding_ = b;
  game_ = machine.get();
  machine_ = std::move(machine);
  frames_ = std::move(frames);
  return true;
}

// The rule is asked with the room encoded, as the routine would see it; the
// machine is left as it was.
bool Simulation::evaluateRule(Machine& machine, const Binding& b, std::string* error) {
  oracleCollision_.clear();
  if (scenario_.manifest.rule.kind == CollisionRuleKind::Map) return true;
  const Snapshot before = machine.snapshot();
  std::string ignored;  // a room that does not fit is reported when the run starts
  encodeRoom(machine, b, scenario_.map, &ignored);
  const int count = int(scenario_.map.metatiles.metatiles.size());
  const bool ok = ruleCollision(scenario_.manifest, b, machine, count, &oracleCollision_, error);
  machine.restore(before);
  if (!ok) *error = scenario_.manifest.path + ": " + *error;
  return ok;
}

std::vector<std::string> Simulation::warnings() const {
  std::vector<std::string> out;
  for (const Diagnostic& d : image_.diagnostics)
    if (d.severity == Diagnostic::Severity::Warning) out.push_back(d.str());
  // Files read from outside the scenario's folder (core/sim/references.h).
  for (std::string& w : outsideReferenceWarnings(scenario_, image_.debug.files))
    out.push_back(std::move(w));
  return out;
}

std::vector<int32_t> Simulation::readFields(int slot) const {
  std::vector<int32_t> v;
  readFieldsInto(slot, v);
  return v;
}

void Simulation::readFieldsInto(int slot, std::vector<int32_t>& v) const {
  readTableFieldsInto(0, slot, v);
}

uint16_t Simulation::entryOf(int entity) const {
  const int t = scenario_.tableOf(size_t(entity));
  if (t > 0 && binding_.tables[size_t(t - 1)].entry) return *binding_.tables[size_t(t - 1)].entry;
  return binding_.entry;
}

void Simulation::readTableFieldsInto(int table, int slot, std::vector<int32_t>& v) const {
  const std::vector<Binding::Field>& fields = binding_.fieldsOf(table);
  v.resize(fields.size());
  // Straight from the machine's memory when it has a flat view: this runs twice
  // per call, and a virtual peek per byte showed in the frame runner's profile.
  const uint8_t* mem = machine_->memory();
  for (size_t i = 0; i < v.size(); ++i)
    v[i] =
        mem ? core::readField(mem, fields[i], slot) : core::readField(*machine_, fields[i], slot);
}

void Simulation::writeField(int slot, const Binding::Field& f, int32_t value) {
  core::writeField(*machine_, f, slot, value);
}

void Simulation::writeInput(int slot, uint8_t input) {
  const auto& in = scenario_.manifest.input;
  if (in && in->slot >= 0 && in->slot != slot) input = 0;
  if (game_) game_->setButtons(input);  // the game's own joypad read sees it too
  if (!binding_.input) return;
  switch (in->encoding) {
    case InputBinding::Encoding::NesButtons:
      machine_->poke(*binding_.input, input);
      break;
    case InputBinding::Encoding::GbButtons: {
      // The usual Game Boy packing: Down Up Left Right Start Select B A (bit 7..0).
      uint8_t v = 0;
      if (input & kButtonA) v |= 0x01;
      if (input & kButtonB) v |= 0x02;
      if (input & kButtonSelect) v |= 0x04;
      if (input & kButtonStart) v |= 0x08;
      if (input & kButtonRight) v |= 0x10;
      if (input & kButtonLeft) v |= 0x20;
      if (input & kButtonUp) v |= 0x40;
      if (input & kButtonDown) v |= 0x80;
      machine_->poke(*binding_.input, v);
      break;
    }
    case InputBinding::Encoding::DxDy: {
      int s = scenario_.manifest.motion.speed;
      int dx = ((input & kButtonRight) ? s : 0) - ((input & kButtonLeft) ? s : 0);
      int dy = ((input & kButtonDown) ? s : 0) - ((input & kButtonUp) ? s : 0);
      machine_->poke(*binding_.input, uint8_t(dx));
      if (binding_.inputDy) machine_->poke(*binding_.inputDy, uint8_t(dy));
      break;
    }
  }
}

void Simulation::resetToStart() {
  std::string error;
  startState(&error);
}

bool Simulation::startState(std::string* error) {
  std::string err;
  machine_->load(image_, &err);
  if (!setupView(&err)) {
    if (error) *error = scenario_.path + ": " + err;
    return false;
  }
  if (!encodeRoom(*machine_, binding_, scenario_.map, &err, viewActive_ ? &window_ : nullptr)) {
    if (error) *error = scenario_.manifest.path + ": " + err;
    return false;
  }
  refreshCellBases();
  const std::array<int, 2> shift = windowShift();
  for (size_t i = 0; i < scenario_.entities.size(); ++i) {
    const EntitySpec& e = scenario_.entities[i];
    const int slot = scenario_.slotOf(i);
    const std::vector<Binding::Field>& fields = binding_.fieldsOf(scenario_.tableOf(i));
    for (const auto& f : fields)
      if (f.initial) writeField(slot, f, *f.initial);
    // Scenario positions are whole pixels: a fixed-point field starts at sub-pixel 0.
    writeField(slot, fields[0], fieldFromPixels(fields[0], e.x - shift[0]));
    writeField(slot, fields[1], fieldFromPixels(fields[1], e.y - shift[1]));
    for (const auto& [name, value] : e.fields)
      for (const auto& f : fields)
        if (f.name == name) writeField(slot, f, value);
  }
  start_ = machine_->snapshot();
  return true;
}

EntityFrame Simulation::runEntity(int slot, uint8_t input, bool observe) {
  EntityFrame ef;
  runEntityInto(slot, input, observe, ef, memoRunEntity_);
  return ef;
}

void Simulation::runEntityInto(int entity, uint8_t input, bool observe, EntityFrame& ef,
                               bool memo) {
  // A fresh record (every field reset) that keeps the old one's vectors.
  std::vector<int32_t> before = std::move(ef.before), after = std::move(ef.after);
  std::vector<uint16_t> cells = std::move(ef.cellsRead), attrs = std::move(ef.attrsRead);
  ef = EntityFrame{};
  ef.before = std::move(before);
  ef.after = std::move(after);
  ef.cellsRead = std::move(cells);
  ef.attrsRead = std::move(attrs);
  ef.cellsRead.clear();
  ef.attrsRead.clear();

  ef.input = input;
  if (frames_) {
    // Frame mode: a case is one game frame with `input` on the joypad, judged
    // over the manifest's span like a recorded frame (audits place the entity
    // first; the game reads its own pad).
    std::vector<EntityFrame> rows(scenario_.entities.size());
    if (binding_.cellPointer) refreshCellBases();
    frames_->runFrame(
        *game_, input, binding_, cellBases_, scenario_.map.room,
        [this](int s, std::vector<int32_t>& v) { readFieldsInto(s, v); }, observe, rows);
    if (entity >= 0 && size_t(entity) < rows.size()) ef = std::move(rows[size_t(entity)]);
    return;
  }
  const int table = scenario_.tableOf(size_t(entity)), slot = scenario_.slotOf(size_t(entity));
  if (table > 0 && !binding_.tables[size_t(table - 1)].entry) {
    // Passive data: the routine reads it; nothing is called for it.
    ef.passive = true;
    ef.input = 0;
    readTableFieldsInto(table, slot, ef.before);
    ef.after = ef.before;
    toRoomCoordinates(table, ef);
    return;
  }
  lastInput_ = input;
  // The input byte belongs to the default table's entities (input.slot counts in it).
  writeInput(table == 0 ? slot : -2, input);
  prepareCall(entity);
  readTableFieldsInto(table, slot, ef.before);
  appendResults(ef.before, true);
  if (binding_.cellPointer) refreshCellBases();
  const uint16_t entry = entryOf(entity);
  if (memo && memo_ && memo_->enabled() && machine_->canLogCalls() && table == 0) {
    runMemoised(slot, input, observe, ef);
  } else {
    ProbeObserver probe(binding_, cellBases_, scenario_.map.room, ef,
                        viewActive_ ? &window_ : nullptr);
    // Unobserved calls still watch writes: a write into the map is a fault either way.
    machine_->setWatchSink(&probe, observe);
    CallResult r = machine_->call(entry, scenario_.manifest.cycleBudget, nullptr);
    machine_->setWatchSink(nullptr);
    takeResult(r, ef);
  }
  readTableFieldsInto(table, slot, ef.after);
  appendResults(ef.after, false);
  if (binding_.applyResult >= 0) {
    applyMove(entity, table, slot, input, ef.before, ef.after);
    readTableFieldsInto(table, slot, ef.after);
    appendResults(ef.after, false);
  }
  toRoomCoordinates(table, ef);
}

void Simulation::runMemoised(int slot, uint8_t input, bool observe, EntityFrame& ef) {
  const Room& room = scenario_.map.room;
  const uint64_t budget = scenario_.manifest.cycleBudget;
  // Besides memory, a recorded outcome depends on the budget (it ends runaway
  // calls) and the room's size (it maps addresses to cell indices).
  memo_->setContext(
      mix(mix(mix(budget, uint32_t(room.width)), uint32_t(room.height)), binding_.entry));
  uint64_t key = mix(uint32_t(slot), input);
  for (int32_t v : ef.before) key = mix(key, uint32_t(v));
  // A view: the same bytes at another window origin are other room cells.
  if (viewActive_) key = mix(mix(key, uint32_t(window_.col)), uint32_t(window_.row));
  machine_->beginCall(binding_.entry);
  uint8_t regsIn[CallMemo::kMaxRegs], regsOut[CallMemo::kMaxRegs];
  const size_t nRegs = machine_->saveRegs(regsIn, sizeof regsIn);
  uint8_t* mem = machine_->writableMemory();
  memo_->checkCode(mem);
  if (const int64_t at = memo_->find(key, mem, regsIn, nRegs); at >= 0) {
    machine_->loadRegs(regsOut, memo_->apply(at, mem, regsOut, ef, observe));
    memo_->countHit();
    return;
  }
  memo_->countMiss();
  ProbeObserver probe(binding_, cellBases_, room, ef, viewActive_ ? &window_ : nullptr);
  machine_->setWatchSink(&probe, observe);
  CallLogView log;
  CallResult r = machine_->resumeLogged(budget, log, memo_->unloggedFetches());
  machine_->setWatchSink(nullptr);
  takeResult(r, ef);
  // An unobserved call did not report its cells, so it cannot stand in for an observed one.
  if (observe && machine_->saveRegs(regsOut, sizeof regsOut) == nRegs)
    memo_->add(key, log, mem, regsIn, regsOut, nRegs, ef);
}

void Simulation::setCallMemo(size_t budgetBytes, bool runEntityToo) {
  if (!memo_) memo_ = std::make_unique<CallMemo>(budgetBytes);
  memo_->setBudget(budgetBytes);
  memoRunEntity_ = runEntityToo;
}

namespace {

bool cancelledRun(std::string* error) {
  if (error) *error = "cancelled";
  return false;
}

// Keyframes every 16 frames, or sparser when they would pass 256 MiB: a game
// machine's snapshot holds the whole system (tens of KiB, not 2 KiB of RAM), and
// a million-frame run must not need gigabytes. Seeks replay at most an interval.
int keyIntervalFor(int frames, size_t snapshotBytes) {
  constexpr uint64_t kBudget = uint64_t(256) << 20;
  const uint64_t total = uint64_t(std::max(frames, 1)) * std::max<size_t>(snapshotBytes, 1);
  const uint64_t interval = (total + kBudget - 1) / kBudget;  // keyframes of `total / interval`
  return int(std::max<uint64_t>(16, (interval + 15) / 16 * 16));
}

void startProgress(const SimProgress& p, int total) {
  if (p.framesDone) *p.framesDone = 0;
  if (p.framesTotal) *p.framesTotal = total;
}

}  // namespace

// Runs frames first..first + frames.size() - 1 from the machine's current
// state into `frames` (reusing their vectors), with a keyframe every
// keyInterval frames into `keys`. False (and "cancelled") when cancelled.
bool Simulation::runFrames(int first, std::vector<FrameRecord>& frames, std::vector<Snapshot>& keys,
                           int interval, const SimProgress& progress, std::string* error) {
  const int entities = int(scenario_.entities.size());
  startProgress(progress, int(frames.size()));
  for (int f = first; f < first + int(frames.size()); ++f) {
    // The window moves between frames, before the keyframe: a seek restores it with the frame.
    if (viewActive_) moveWindow(wantedWindow());
    if (f % interval == 0) keys.push_back(machine_->snapshot());
    frames[size_t(f - first)].viewCol = window_.col;
    frames[size_t(f - first)].viewRow = window_.row;
    auto& calls = frames[size_t(f - first)].entities;
    calls.resize(size_t(entities));
    if (frames_) {
      if (progress.cancelled()) return cancelledRun(error);
      if (binding_.cellPointer) refreshCellBases();
      frames_->runFrame(
          *game_, scenario_.inputAt(f), binding_, cellBases_, scenario_.map.room,
          [this](int slot, std::vector<int32_t>& v) { readFieldsInto(slot, v); }, true, calls);
    }
    for (int i = 0; i < entities && !frames_; ++i) {
      if (progress.cancelled()) return cancelledRun(error);
      runEntityInto(i, scenario_.inputAt(f), true, calls[size_t(i)]);
    }
    if (progress.framesDone) *progress.framesDone = f + 1 - first;
  }
  return true;
}

bool Simulation::simulate(std::string* error, const SimProgress& progress) {
  if (!machine_) {
    if (error) *error = "the routine is not built";
    return false;
  }
  if (!startState(error)) {
    if (!progress.cancelled()) clearRecording();  // made for another room: not to be judged
    return false;
  }
  // Filled aside and moved in at the end, so a cancelled run keeps the old one.
  // It reuses the per-call vectors of the recording before the last (re-simulation
  // after an edit would otherwise free and allocate four per call).
  Recording rec;
  rec.frames = std::move(spareFrames_);
  spareFrames_.clear();
  rec.fieldNames = binding_.recordedNames(0);
  for (size_t t = 1; t <= binding_.tables.size(); ++t)
    rec.tableFieldNames.push_back(binding_.recordedNames(int(t)));
  rec.oracleCollision = oracleCollision_;
  if (viewActive_) rec.viewCells = cellCapacity(binding_);
  rec.roomCells = {scenario_.map.room.width, scenario_.map.room.height};
  rec.keyInterval = keyIntervalFor(scenario_.frames, machine_->snapshotSize());
  rec.frames.resize(size_t(scenario_.frames));
  rec.keyframes.reserve(size_t(scenario_.frames / rec.keyInterval + 1));
  if (!runFrames(0, rec.frames, rec.keyframes, rec.keyInterval, progress, error)) {
    spareFrames_ = std::move(rec.frames);
    return false;
  }
  // The replaced recording's vectors serve the next run, when they are small
  // enough that holding two recordings costs little.
  if (recording_.byteSize() <= (size_t(64) << 20)) spareFrames_ = std::move(recording_.frames);
  recording_ = std::move(rec);
  return true;
}

bool Simulation::simulateFrom(int frame, bool mapChanged, std::string* error,
                              const SimProgress& progress) {
  const int interval = recording_.keyInterval;
  const int entities = int(scenario_.entities.size());
  const int n = scenario_.frames;
  const int from = std::min({frame, n, int(recording_.frames.size())});
  if (!machine_ || from <= 0 || int(recording_.frames[0].entities.size()) != entities)
    return simulate(error, progress);
  // Resume at the last keyframe before `from`: it and every earlier one stay.
  const int k = (from - 1) / interval;
  if (k >= int(recording_.keyframes.size())) return simulate(error, progress);
  std::string err;
  std::vector<Snapshot> reencoded;  // keyframes 0..k with the new room
  if (mapChanged) {
    // The kept keyframes hold the old room; calls before `from` never read
    // what changed, so re-encoding gives the state the new map would have had.
    for (int i = 0; i <= k; ++i) {
      machine_->restore(recording_.keyframes[i]);
      const FrameRecord& kf = recording_.frames[size_t(i * interval)];
      const RoomWindow w{kf.viewCol, kf.viewRow, window_.ring};
      if (!encodeRoom(*machine_, binding_, scenario_.map, &err, viewActive_ ? &w : nullptr)) {
        if (error) *error = scenario_.manifest.path + ": " + err;
        return false;
      }
      reencoded.push_back(machine_->snapshot());
    }
  }
  machine_->restore(mapChanged ? reencoded[size_t(k)] : recording_.keyframes[size_t(k)]);
  window_.col = recording_.frames[size_t(k * interval)].viewCol;
  window_.row = recording_.frames[size_t(k * interval)].viewRow;
  // The re-run frames are filled aside and moved in at the end, so a cancelled
  // run keeps the old recording.
  const int first = k * interval;
  std::vector<FrameRecord> frames(size_t(n - first));
  std::vector<Snapshot> keys;
  if (!runFrames(first, frames, keys, interval, progress, error)) return false;
  for (int i = 0; i < k && mapChanged; ++i) recording_.keyframes[i] = std::move(reencoded[i]);
  recording_.keyframes.resize(size_t(k));
  std::move(keys.begin(), keys.end(), std::back_inserter(recording_.keyframes));
  recording_.frames.resize(size_t(first));
  std::move(frames.begin(), frames.end(), std::back_inserter(recording_.frames));
  return true;
}

std::unique_ptr<Simulation> Simulation::clone() const {
  auto copy = std::make_unique<Simulation>();
  copy->scenario_ = scenario_;
  std::string error;
  if (!machine_ || !copy->bindImage(image_, &error)) return nullptr;
  copy->recording_ = recording_;
  copy->start_ = start_;
  copy->cellEnd_ = cellEnd_;
  copy->attrEnd_ = attrEnd_;
  if (memo_) copy->memo_ = std::make_unique<CallMemo>(*memo_);
  copy->memoRunEntity_ = memoRunEntity_;
  copy->viewActive_ = viewActive_;
  copy->window_ = window_;
  copy->followEntity_ = followEntity_;
  return copy;
}

bool Simulation::seek(int frame, int entity) {
  if (frame < 0 || frame >= int(recording_.frames.size()) || entity < 0 ||
      entity >= int(scenario_.entities.size()))
    return false;
  if (frames_) return seekFrameMode(frame, entity);
  int k = frame / recording_.keyInterval;
  machine_->restore(recording_.keyframes[k]);
  const int first = k * recording_.keyInterval;
  window_.col = recording_.frames[size_t(first)].viewCol;
  window_.row = recording_.frames[size_t(first)].viewRow;
  EntityFrame scratch;
  for (int f = first; f <= frame; ++f) {
    if (viewActive_ && f > first) moveWindow(wantedWindow());
    for (int i = 0; i < int(scenario_.entities.size()); ++i) {
      if (f == frame && i == entity) {
        const int table = scenario_.tableOf(size_t(i));
        lastInput_ = scenario_.inputAt(f);
        writeInput(table == 0 ? scenario_.slotOf(size_t(i)) : -2, scenario_.inputAt(f));
        prepareCall(i);
        return true;
      }
      runEntityInto(i, scenario_.inputAt(f), false, scratch);
    }
  }
  return true;
}

bool Simulation::replayThrough(int frame, const std::function<void()>& beforeLast) {
  if (frame < 0 || frame >= int(recording_.frames.size()) || recording_.keyframes.empty())
    return false;
  const int k = frame / recording_.keyInterval;
  const int first = k * recording_.keyInterval;
  machine_->restore(recording_.keyframes[size_t(k)]);
  window_.col = recording_.frames[size_t(first)].viewCol;
  window_.row = recording_.frames[size_t(first)].viewRow;
  std::vector<EntityFrame> scratch(scenario_.entities.size());
  auto read = [this](int slot, std::vector<int32_t>& v) { readFieldsInto(slot, v); };
  for (int f = first; f <= frame; ++f) {
    if (viewActive_ && f > first) moveWindow(wantedWindow());
    if (f == frame && beforeLast) beforeLast();
    if (frames_) {
      if (binding_.cellPointer) refreshCellBases();
      frames_->runFrame(*game_, scenario_.inputAt(f), binding_, cellBases_, scenario_.map.room, read,
                        false, scratch);
      continue;
    }
    for (int i = 0; i < int(scenario_.entities.size()); ++i)
      runEntityInto(i, scenario_.inputAt(f), false, scratch[size_t(i)]);
  }
  return true;
}

// Frame mode: the frames before `frame` from their keyframe, then the game up to
// the entity's call, adopted by the next beginCall (GameMachine::adoptNextCall).
bool Simulation::seekFrameMode(int frame, int entity) {
  const int k = frame / recording_.keyInterval;
  machine_->restore(recording_.keyframes[size_t(k)]);
  std::vector<EntityFrame> scratch(scenario_.entities.size());
  auto read = [this](int slot, std::vector<int32_t>& v) { readFieldsInto(slot, v); };
  for (int f = k * recording_.keyInterval; f < frame; ++f)
    frames_->runFrame(*game_, scenario_.inputAt(f), binding_, cellBases_, scenario_.map.room, read,
                      false, scratch);
  return frames_->runToCall(*game_, scenario_.inputAt(frame), entity,
                            int(scenario_.entities.size()), nullptr);
}

Trace Simulation::trace(int frame, int entity, size_t maxSteps) {
  Trace t;
  // A passive table's entity has no call to trace.
  if (!scenario_.moves(size_t(std::max(entity, 0))) || !seek(frame, entity)) return t;
  machine_->beginCall(entryOf(entity));
  TraceObserver obs;
  uint64_t cycles = 0;
  for (size_t i = 0; i < maxSteps; ++i) {
    TraceStep s;
    s.pc = machine_->pc();
    int len = 1;
    s.text = machine_->disassemble(s.pc, &image_.debug, &len);
    for (int k = 0; k < len; ++k) s.bytes.push_back(machine_->peek(uint16_t(s.pc + k)));
    s.regsBefore = machine_->registers();
    s.flagsBefore = machine_->flagBits();
    obs.target = &s.accesses;
    CallResult r = machine_->step(&obs);
    s.cycles = uint32_t(r.cycles);
    cycles += r.cycles;
    t.steps.push_back(std::move(s));
    if (r.reason != HaltKind::Stepped) {
      t.halt = r.reason;
      break;
    }
    if (cycles >= scenario_.manifest.cycleBudget) {
      t.halt = HaltKind::CycleBudget;
      break;
    }
  }
  t.regsAfter = machine_->registers();
  t.flagsAfter = machine_->flagBits();
  return t;
}

void Simulation::clearRecording() {
  recording_.frames.clear();
  recording_.keyframes.clear();
  spareFrames_.clear();
}

// The scenario's view against the bound table: which window the run starts with.
bool Simulation::setupView(std::string* error) {
  const ViewSpec& v = scenario_.view;
  viewActive_ = false;
  window_ = RoomWindow{};
  followEntity_ = -1;
  if (!v.active()) return true;
  if (!binding_.cells && !binding_.cellPointer) {
    *error = "view: the routine has no cell table (map.cells) to copy a window of the room into";
    return false;
  }
  if (frames_) {
    *error = "view: a game in frame mode loads its own map; a view needs call mode";
    return false;
  }
  const auto cap = cellCapacity(binding_);
  const Room& room = scenario_.map.room;
  const int maxCol = std::max(0, room.width - cap[0]), maxRow = std::max(0, room.height - cap[1]);
  window_.ring = v.roomCoordinates;
  auto outside = [&](const std::string& path, int value, const char* what, int most) {
    *error = path + ": " + std::to_string(value) + " puts the routine's " + std::to_string(cap[0]) +
             "x" + std::to_string(cap[1]) + "-cell window past the " + std::to_string(room.width) +
             "x" + std::to_string(room.height) + " room (" + what + " 0.." + std::to_string(most) +
             ")";
    return false;
  };
  switch (v.mode) {
    case ViewSpec::Mode::Follow: {
      for (size_t i = 0; i < scenario_.entities.size(); ++i)
        if (scenario_.entities[i].name == v.follow) followEntity_ = int(i);
      if (followEntity_ < 0) {
        *error = "view.follow: \"" + v.follow + "\" is not an entity of the scenario";
        return false;
      }
      const EntitySpec& e = scenario_.entities[size_t(followEntity_)];
      const Hitbox hb = scenario_.hitboxOf(size_t(followEntity_));
      window_ = followWindow(e.x - scenario_.manifest.originX + hb.x + hb.w / 2,
                             e.y - scenario_.manifest.originY + hb.y + hb.h / 2);
      break;
    }
    case ViewSpec::Mode::Screen:
      window_.col = v.screen * cap[0];
      window_.row = v.row;
      if (window_.col > maxCol)
        return outside("view.screen", v.screen, "screens", maxCol / std::max(cap[0], 1));
      if (window_.row > maxRow) return outside("view.row", v.row, "rows", maxRow);
      break;
    default:
      window_.col = v.column;
      window_.row = v.row;
      if (window_.col > maxCol) return outside("view.column", v.column, "columns", maxCol);
      if (window_.row > maxRow) return outside("view.row", v.row, "rows", maxRow);
      break;
  }
  viewActive_ = true;
  return true;
}

RoomWindow Simulation::followWindow(int px, int py) const {
  const auto cap = cellCapacity(binding_);
  const Room& room = scenario_.map.room;
  const int cs = std::max(room.cellSize, 1);
  auto floorDiv = [](int a, int b) { return a >= 0 ? a / b : -((-a + b - 1) / b); };
  RoomWindow w = window_;
  w.col = std::clamp(floorDiv(px, cs) - cap[0] / 2, 0, std::max(0, room.width - cap[0]));
  w.row = std::clamp(floorDiv(py, cs) - cap[1] / 2, 0, std::max(0, room.height - cap[1]));
  return w;
}

std::array<int, 2> Simulation::windowShift() const {
  if (!viewActive_ || window_.ring) return {0, 0};
  const int cs = scenario_.map.room.cellSize;
  return {window_.col * cs, window_.row * cs};
}

RoomWindow Simulation::wantedWindow() const {
  if (followEntity_ < 0) return window_;
  const int table = scenario_.tableOf(size_t(followEntity_));
  std::vector<int32_t> v;
  readTableFieldsInto(table, scenario_.slotOf(size_t(followEntity_)), v);
  const std::vector<Binding::Field>& fields = binding_.fieldsOf(table);
  const Hitbox hb = scenario_.hitboxOf(size_t(followEntity_));
  const auto shift = windowShift();
  return followWindow(
      fieldPixels(fields[0], v[0]) + shift[0] - scenario_.manifest.originX + hb.x + hb.w / 2,
      fieldPixels(fields[1], v[1]) + shift[1] - scenario_.manifest.originY + hb.y + hb.h / 2);
}

void Simulation::moveWindow(const RoomWindow& next) {
  if (next == window_) return;
  std::vector<PlacedByte> bytes;
  std::string ignored;  // the window always fits the table
  if (encodeRoomBytes(
          binding_, scenario_.map, [this](uint16_t a) { return machine_->peek(a); }, &bytes,
          &ignored, &next))
    for (const PlacedByte& p : bytes) machine_->poke(p.addr, p.value);
  const auto before = windowShift();
  window_ = next;
  const auto after = windowShift();
  const int dx = before[0] - after[0], dy = before[1] - after[1];
  if (dx == 0 && dy == 0) return;
  // Window coordinates: every entity's position moves against the window.
  std::vector<int32_t> v;
  for (size_t i = 0; i < scenario_.entities.size(); ++i) {
    const int table = scenario_.tableOf(i), slot = scenario_.slotOf(i);
    const std::vector<Binding::Field>& fields = binding_.fieldsOf(table);
    readTableFieldsInto(table, slot, v);
    writeField(slot, fields[0], v[0] + int32_t(uint32_t(dx) << fields[0].fracBits));
    writeField(slot, fields[1], v[1] + int32_t(uint32_t(dy) << fields[1].fracBits));
  }
}

void Simulation::windowAround(const RoomWindow& held, int px, int py) {
  if (!viewActive_) return;
  window_ = held;
  moveWindow(followWindow(px, py));
}

// Recordings hold room coordinates: a window-relative position gets the window's corner added.
void Simulation::toRoomCoordinates(int table, EntityFrame& ef) const {
  const auto shift = windowShift();
  if (shift[0] == 0 && shift[1] == 0) return;
  const std::vector<Binding::Field>& fields = binding_.fieldsOf(table);
  for (std::vector<int32_t>* v : {&ef.before, &ef.after}) {
    if (v->size() > 0) (*v)[0] += int32_t(uint32_t(shift[0]) << fields[0].fracBits);
    if (v->size() > 1) (*v)[1] += int32_t(uint32_t(shift[1]) << fields[1].fracBits);
  }
}

}  // namespace core
