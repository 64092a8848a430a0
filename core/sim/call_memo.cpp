#include "core/sim/call_memo.h"

#include <algorithm>
#include <cstring>
#include <type_traits>

namespace core {

namespace {

uint64_t hashBytes(const uint8_t* p, size_t n, uint64_t h) {
  for (size_t i = 0; i < n; ++i) h = (h ^ p[i]) * 0x100000001B3ull;
  return h;
}

template <class T>
void append(std::vector<uint8_t>& out, const T* items, size_t n) {
  const size_t at = out.size();
  out.resize(at + n * sizeof(T));
  if (n) std::memcpy(out.data() + at, items, n * sizeof(T));
}

}  // namespace

void CallMemo::setBudget(size_t bytes) {
  budget_ = bytes;
  if (budget_ == 0 || this->bytes() > budget_) clear();
}

void CallMemo::setContext(uint64_t context) {
  if (hasContext_ && context == context_) return;
  clear();
  context_ = context;
  hasContext_ = true;
}

void CallMemo::setCode(const std::vector<AddressRange>& ranges) {
  clear();
  code_.clear();
  codeBits_.clear();
  size_t total = 0;
  for (AddressRange r : ranges) {
    r.end = std::min<uint32_t>(r.end, 0x10000);
    if (r.begin < r.end) code_.push_back(r), total += r.end - r.begin;
  }
  if (total == 0 || total > kMaxCodeBytes) {
    code_.clear();
    return;
  }
  codeBits_.assign(1024, 0);
  for (const AddressRange& r : code_)
    for (uint32_t a = r.begin; a < r.end; ++a) codeBits_[a >> 6] |= uint64_t(1) << (a & 63);
}

void CallMemo::checkCode(const uint8_t* mem) {
  if (code_.empty()) return;
  if (codeTaken_) {
    size_t at = 0;
    bool same = true;
    for (const AddressRange& r : code_) {
      same = same && std::memcmp(mem + r.begin, codeBytes0_.data() + at, r.end - r.begin) == 0;
      at += r.end - r.begin;
    }
    if (same) return;
    clear();
  }
  codeBytes0_.clear();
  for (const AddressRange& r : code_)
    codeBytes0_.insert(codeBytes0_.end(), mem + r.begin, mem + r.end);
  codeTaken_ = true;
}

void CallMemo::clear() {
  codeTaken_ = false;
  entries_ = 0;
  arena_.clear();
  table_.clear();
  used_ = 0;
  blocks_.clear();
  blockArena_.clear();
  blockByHash_.clear();
  details_.clear();
  detailBytes_ = 0;
}

size_t CallMemo::bytes() const {
  return arena_.capacity() + table_.capacity() * sizeof(Slot) + blocks_.capacity() * sizeof(Block) +
         blockArena_.capacity() + blockByHash_.size() * 32 +
         details_.capacity() * sizeof(std::string) + detailBytes_;
}

const CallMemo::Slot* CallMemo::findSlot(uint64_t key) const {
  if (table_.empty()) return nullptr;
  const size_t mask = table_.size() - 1;
  for (size_t i = size_t(key) & mask;; i = (i + 1) & mask) {
    const Slot& s = table_[i];
    if (s.newest == kNone) return nullptr;
    if (s.key == key) return &s;
  }
}

CallMemo::Slot& CallMemo::slotFor(uint64_t key) {
  if ((used_ + 1) * 2 > table_.size()) {
    std::vector<Slot> old = std::move(table_);
    table_.assign(std::max<size_t>(64, old.size() * 2), Slot{0, kNone});
    used_ = 0;
    for (const Slot& s : old)
      if (s.newest != kNone) slotFor(s.key).newest = s.newest;
  }
  const size_t mask = table_.size() - 1;
  for (size_t i = size_t(key) & mask;; i = (i + 1) & mask) {
    Slot& s = table_[i];
    if (s.newest == kNone) {
      s.key = key;
      ++used_;
      return s;
    }
    if (s.key == key) return s;
  }
}

bool CallMemo::runsHold(const uint8_t* runs, size_t count, const uint8_t* bytes,
                        const uint8_t* mem) {
  for (size_t i = 0; i < count; ++i) {
    Run r;
    std::memcpy(&r, runs + i * sizeof(Run), sizeof r);
    if (std::memcmp(mem + r.addr, bytes, r.len) != 0) return false;
    bytes += r.len;
  }
  return true;
}

int64_t CallMemo::find(uint64_t key, const uint8_t* mem, const uint8_t* regs, size_t nRegs) const {
  const Slot* slot = findSlot(key);
  if (!slot) return -1;
  uint32_t at = slot->newest;
  for (int n = 0; n < kMaxCandidates && at != kNone; ++n) {
    const uint8_t* p = arena_.data() + size_t(at) * 8;
    Header h;
    std::memcpy(&h, p, sizeof h);
    const uint32_t here = at;
    at = h.next;
    if (h.nRegs != nRegs || std::memcmp(h.regsIn, regs, nRegs) != 0) continue;
    // The entry's own reads (data: the likeliest to differ) first, then its code.
    const uint8_t* runs = p + sizeof(Header);
    const uint8_t* bytes = runs + h.runs * sizeof(Run) + (h.writes + h.cells + h.attrs) * 2;
    if (!runsHold(runs, h.runs, bytes, mem)) continue;
    if (h.block != kNone) {
      const Block& b = blocks_[h.block];
      const uint8_t* bp = blockArena_.data() + b.at;
      if (!runsHold(bp, b.runs, bp + b.runs * sizeof(Run), mem)) continue;
    }
    return int64_t(here);
  }
  return -1;
}

size_t CallMemo::apply(int64_t at, uint8_t* mem, uint8_t* regsOut, EntityFrame& ef,
                       bool withReads) const {
  const uint8_t* p = arena_.data() + size_t(at) * 8;
  Header h;
  std::memcpy(&h, p, sizeof h);
  const uint8_t* runs = p + sizeof(Header);
  const uint8_t* addrs = runs + h.runs * sizeof(Run);
  const uint8_t* ids = addrs + h.writes * 2;
  size_t readBytes = 0;
  for (size_t i = 0; i < h.runs; ++i) {
    Run r;
    std::memcpy(&r, runs + i * sizeof(Run), sizeof r);
    readBytes += r.len;
  }
  const uint8_t* values = ids + (h.cells + h.attrs) * 2 + readBytes;
  for (size_t k = 0; k < h.writes; ++k) {
    uint16_t a;
    std::memcpy(&a, addrs + k * 2, 2);
    mem[a] = values[k];
  }
  std::memcpy(regsOut, h.regsOut, h.nRegs);
  ef.cycles = h.cycles;
  ef.instructions = h.instructions;
  ef.halt = HaltKind(h.halt);
  ef.badWrite = h.badWrite != 0;
  if (h.detail != kNone) ef.faultDetail = details_[h.detail];
  if (withReads) {
    ef.cellsRead.resize(h.cells);
    ef.attrsRead.resize(h.attrs);
    if (h.cells) std::memcpy(ef.cellsRead.data(), ids, h.cells * 2);
    if (h.attrs) std::memcpy(ef.attrsRead.data(), ids + h.cells * 2, h.attrs * 2);
  }
  return h.nRegs;
}

uint32_t CallMemo::internBlock(const std::vector<Run>& runs, const std::vector<uint8_t>& bytes) {
  if (runs.empty()) return kNone;
  uint64_t hash = hashBytes(reinterpret_cast<const uint8_t*>(runs.data()),
                            runs.size() * sizeof(Run), 0xCBF29CE484222325ull);
  hash = hashBytes(bytes.data(), bytes.size(), hash);
  auto it = blockByHash_.find(hash);
  if (it != blockByHash_.end()) {
    const Block& b = blocks_[it->second];
    const uint8_t* bp = blockArena_.data() + b.at;
    if (b.runs == runs.size() && b.bytes == bytes.size() &&
        std::memcmp(bp, runs.data(), runs.size() * sizeof(Run)) == 0 &&
        std::memcmp(bp + runs.size() * sizeof(Run), bytes.data(), bytes.size()) == 0)
      return it->second;
  }
  Block b{uint32_t(blockArena_.size()), uint32_t(runs.size()), uint32_t(bytes.size()), hash};
  append(blockArena_, runs.data(), runs.size());
  append(blockArena_, bytes.data(), bytes.size());
  blocks_.push_back(b);
  // On a hash collision the older block keeps the slot; this one is just not shared.
  blockByHash_.try_emplace(hash, uint32_t(blocks_.size() - 1));
  return uint32_t(blocks_.size() - 1);
}

void CallMemo::add(uint64_t key, const CallLogView& log, const uint8_t* mem, const uint8_t* regsIn,
                   const uint8_t* regsOut, size_t nRegs, const EntityFrame& ef) {
  if (budget_ == 0 || nRegs > kMaxRegs || log.writes > UINT16_MAX ||
      ef.cellsRead.size() > UINT16_MAX || ef.attrsRead.size() > UINT16_MAX)
    return;
  // Expected map writes are events the entry does not hold: such a call is run again.
  if (ef.expectedWrites > 0) return;

  // The read set as runs of consecutive addresses: a hit then compares a few
  // blocks instead of byte by byte. Runs of instruction bytes also swallow short
  // gaps (the instructions a branch skipped) that the call did not write, which
  // therefore still hold what they held before it: comparing a few more bytes is
  // still exact, and the routine's code becomes one or two shared blocks. Data
  // is never widened: a neighbouring byte (another entity's field, a variable
  // only some calls read) would make calls miss that should hit.
  // In address order without a sort: a bit per address read, the 64-address
  // words touched sorted (a few dozen), then the bits of each word in order.
  if (readBits_.empty()) {
    readBits_.assign(1024, 0), fetchBits_.assign(1024, 0), writtenBits_.assign(1024, 0);
    values_.assign(65536, 0);
  }
  words_.clear();
  for (size_t k = 0; k < log.reads; ++k) {
    const uint16_t a = log.readAddr[k];
    if (readBits_[a >> 6] == 0) words_.push_back(uint16_t(a >> 6));
    readBits_[a >> 6] |= uint64_t(1) << (a & 63);
    if (log.readFetch[k]) fetchBits_[a >> 6] |= uint64_t(1) << (a & 63);
    values_[a] = log.readValue[k];
  }
  std::sort(words_.begin(), words_.end());
  reads_.clear();
  for (uint16_t w : words_) {
    for (uint64_t bits = readBits_[w]; bits; bits &= bits - 1) {
      const uint16_t a = uint16_t(w * 64 + unsigned(__builtin_ctzll(bits)));
      reads_.push_back({a, values_[a], ((fetchBits_[w] >> (a & 63)) & 1) != 0});
    }
    readBits_[w] = fetchBits_[w] = 0;
  }
  for (size_t k = 0; k < log.writes; ++k)
    writtenBits_[log.written[k] >> 6] |= uint64_t(1) << (log.written[k] & 63);
  auto written = [&](uint32_t a) { return (writtenBits_[a >> 6] >> (a & 63)) & 1; };
  codeRuns_.clear(), dataRuns_.clear(), codeBytes_.clear(), dataBytes_.clear();
  for (size_t k = 0; k < reads_.size();) {
    // One run: consecutive reads of one kind, and for code the unwritten gaps.
    const bool fetch = reads_[k].fetch;
    std::vector<Run>& runs = fetch ? codeRuns_ : dataRuns_;
    std::vector<uint8_t>& bytes = fetch ? codeBytes_ : dataBytes_;
    runs.push_back({reads_[k].addr, 1});
    bytes.push_back(reads_[k].value);
    uint32_t end = uint32_t(reads_[k].addr) + 1;
    for (++k; k < reads_.size() && reads_[k].fetch == fetch; ++k) {
      const uint32_t a = reads_[k].addr;
      if (a != end) {
        if (!fetch || a - end > kMaxCodeGap) break;
        bool clean = true;
        for (uint32_t g = end; g < a && clean; ++g) clean = !written(g);
        if (!clean) break;
      }
      if (runs.back().len + (a - end) + 1 > UINT16_MAX) break;
      for (uint32_t g = end; g < a; ++g) bytes.push_back(mem[g]);
      bytes.push_back(reads_[k].value);
      runs.back().len = uint16_t(runs.back().len + (a - end) + 1);
      end = a + 1;
    }
  }
  for (size_t k = 0; k < log.writes; ++k) writtenBits_[log.written[k] >> 6] = 0;

  const size_t size = (sizeof(Header) + dataRuns_.size() * sizeof(Run) + log.writes * 3 +
                       (ef.cellsRead.size() + ef.attrsRead.size()) * 2 + dataBytes_.size() + 7) &
                      ~size_t(7);
  const size_t cost = size + sizeof(Slot) * 2 + codeRuns_.size() * sizeof(Run) + codeBytes_.size() +
                      ef.faultDetail.size();
  if (cost > budget_) return;
  // What the vectors will hold once they grew for this entry (they double).
  auto grown = [](const auto& v, size_t more) {
    using T = typename std::decay_t<decltype(v)>::value_type;
    const size_t need = v.size() + more;
    return (need <= v.capacity() ? 0 : std::max(need, 2 * v.capacity()) - v.capacity()) * sizeof(T);
  };
  const size_t growth =
      grown(arena_, size) + grown(blockArena_, codeRuns_.size() * sizeof(Run) + codeBytes_.size()) +
      grown(blocks_, 1) + ((used_ + 1) * 2 > table_.size() ? table_.size() + 64 : 0) * sizeof(Slot);
  if (bytes() + growth + cost > budget_ || arena_.size() + size > size_t(kNone - 1) * 8) {
    clear();
    // Start over small: the emptied vectors would otherwise keep their size.
    arena_ = {}, table_ = {}, blocks_ = {}, blockArena_ = {}, details_ = {};
  }

  Header h{};
  h.key = key;
  h.block = internBlock(codeRuns_, codeBytes_);
  h.cycles = ef.cycles;
  h.instructions = ef.instructions;
  h.detail = kNone;
  if (!ef.faultDetail.empty()) {
    h.detail = uint32_t(details_.size());
    details_.push_back(ef.faultDetail);
    detailBytes_ += ef.faultDetail.size();
  }
  h.runs = uint16_t(dataRuns_.size());
  h.writes = uint16_t(log.writes);
  h.cells = uint16_t(ef.cellsRead.size());
  h.attrs = uint16_t(ef.attrsRead.size());
  h.halt = uint8_t(ef.halt);
  h.badWrite = ef.badWrite;
  h.nRegs = uint8_t(nRegs);
  std::memcpy(h.regsIn, regsIn, nRegs);
  std::memcpy(h.regsOut, regsOut, nRegs);
  Slot& slot = slotFor(key);
  h.next = slot.newest;
  const size_t at = arena_.size();
  slot.newest = uint32_t(at / 8);

  append(arena_, &h, 1);
  append(arena_, dataRuns_.data(), dataRuns_.size());
  append(arena_, log.written, log.writes);
  append(arena_, ef.cellsRead.data(), ef.cellsRead.size());
  append(arena_, ef.attrsRead.data(), ef.attrsRead.size());
  append(arena_, dataBytes_.data(), dataBytes_.size());
  for (size_t k = 0; k < log.writes; ++k) arena_.push_back(mem[log.written[k]]);
  arena_.resize(at + size);
  ++entries_;
}

}  // namespace core
