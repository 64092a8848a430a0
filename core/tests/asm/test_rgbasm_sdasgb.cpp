// Cross-checks the built-in SM83 assembler against sdasgb, SDCC's Game Boy port of
// ASxxxx: an encoder written by other people from other documents. Every one of the
// 500 encodings, plus a few alternative spellings and edge values, is written once in
// rgbds syntax and once in sdas syntax (`#` immediates, `(hl)`, `.` for the current
// address, `ldhl sp,#e`). Each side assembles the whole list in one run and the bytes
// are compared instruction by instruction. Skips when sdasgb is not installed (it
// comes with the Debian package sdcc).
#include <gtest/gtest.h>

#include <cctype>
#include <cstdio>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/asm/subprocess.h"
#include "core/tests/rgbasm_test_util.h"
#include "emusm83/opcodes.h"

using Bytes = std::vector<uint8_t>;

namespace {

// One instruction in both syntaxes. `opcode` is the encoding the form is meant to
// produce (0x100 + n for CB n), or -1 for the extra spellings.
struct Form {
  std::string rgbds;
  std::string sdas;
  int opcode = -1;
};

struct OperandText {
  std::string rgbds;
  std::string sdas;
};

std::string hex(unsigned value, int digits) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%0*x", digits, value);
  return buf;
}

std::string withSign(int value) {
  return (value < 0 ? "-" : "+") + std::to_string(value < 0 ? -value : value);
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// Operand values vary with the opcode (`seed`) so that negative offsets, the whole
// $FF00 page and wide words all appear somewhere.
OperandText operandText(emusm83::Operand o, const emusm83::OpcodeInfo& info, int seed) {
  using emusm83::Operand;
  const unsigned byte = static_cast<unsigned>(seed * 7 + 3) & 0xFF;
  const int e8 = static_cast<int8_t>(byte);
  const unsigned word = static_cast<unsigned>(seed * 0x9E37 + 0x1234) & 0xFFFF;
  switch (o) {
    case Operand::N8:
      return {"$" + hex(byte, 2), "#0x" + hex(byte, 2)};
    case Operand::N16:
      return {"$" + hex(word, 4), "#0x" + hex(word, 4)};
    case Operand::A16:
      return {"$" + hex(word, 4), "0x" + hex(word, 4)};
    case Operand::MemA16:
      return {"[$" + hex(word, 4) + "]", "(0x" + hex(word, 4) + ")"};
    case Operand::MemHighA8:
      return {"[$ff" + hex(byte, 2) + "]", "(0xff" + hex(byte, 2) + ")"};
    case Operand::E8:
      return {std::to_string(e8), "#" + std::to_string(e8)};
    case Operand::Rel8:  // both count from the start of the instruction
      return {"@" + withSign(e8 + 2), "." + withSign(e8 + 2)};
    case Operand::SpPlusE8:  // sdas spells the whole instruction `ldhl sp,#e`
      return {"sp" + withSign(e8), "#" + std::to_string(e8)};
    case Operand::Vector:
      return {"$" + hex(info.value, 2), "0x" + hex(info.value, 2)};
    case Operand::BitIndex:
      return {std::to_string(info.value), std::to_string(info.value)};
    default: {
      std::string name = emusm83::operandName(o);
      std::string sdas = name;
      for (char& c : sdas) c = c == '[' ? '(' : c == ']' ? ')' : c;
      return {name, sdas};
    }
  }
}

Form formFor(const emusm83::OpcodeInfo& info, int opcode) {
  const std::string mnemonic = lower(info.mnemonic);
  Form f{mnemonic, mnemonic, opcode};
  const emusm83::Operand ops[] = {info.op1, info.op2};
  for (int i = 0; i < 2 && ops[i] != emusm83::Operand::None; ++i) {
    const OperandText t = operandText(ops[i], info, opcode & 0xFF);
    f.rgbds += (i == 0 ? " " : ", ") + t.rgbds;
    f.sdas += (i == 0 ? " " : ",") + t.sdas;
  }
  if (info.handler == emusm83::Handler::JpHl) f.sdas = "jp (hl)";
  if (info.handler == emusm83::Handler::LdHlSpR8)
    f.sdas = "ldhl sp," + operandText(info.op2, info, opcode & 0xFF).sdas;
  return f;
}

// The 244 legal unprefixed opcodes (the $CB prefix itself excluded) and the 256 CB ones.
std::vector<Form> everyEncoding() {
  std::vector<Form> forms;
  for (int op = 0; op < 256; ++op) {
    const auto& info = emusm83::kOpcodes[static_cast<size_t>(op)];
    if (info.legal && op != 0xCB) forms.push_back(formFor(info, op));
  }
  for (int op = 0; op < 256; ++op)
    forms.push_back(formFor(emusm83::kCbOpcodes[static_cast<size_t>(op)], 0x100 + op));
  return forms;
}

// Spellings both assemblers accept besides the canonical ones, and range edges.
const std::vector<Form> kSpellings = {
    {"ld a, [hli]", "ld a,(hli)"},
    {"ld [hld], a", "ld (hld),a"},
    {"ldh [$80], a", "ldh (0x80),a"},
    {"ldh a, [$ff]", "ldh a,(0xff)"},
    {"ld [$ff00+c], a", "ldh (c),a"},
    {"ld [$ff80], a", "ld (0xff80),a"},  // a plain ld stays 3 bytes
    {"ld a, [$ff80]", "ld a,(0xff80)"},
    {"ld hl, sp-128", "ldhl sp,#-128"},
    {"ld hl, sp+127", "lda hl,127(sp)"},
    {"add sp, -128", "lda sp,-128(sp)"},
    {"add sp, 127", "add sp,#127"},
    {"jr @+129", "jr .+129"},
    {"jr @-126", "jr .-126"},
    {"jr c, @+2", "jr c,.+2"},
    {"jp [hl]", "jp (hl)"},
    {"sub b", "sub b"},
    {"add b", "add b"},
    {"cp $10", "cp #0x10"},
    {"xor a", "xor a"},
    {"ld a, -1", "ld a,#-1"},
    {"ld [hl], -128", "ld (hl),#-128"},
    {"ld bc, -1", "ld bc,#-1"},
    {"ld sp, $fffe", "ld sp,#0xfffe"},
    {"rst 8", "rst 8"},
    {"ld a, 2 * 3 + 1", "ld a,#2*3+1"},
    {"call $0000", "call 0"},
};

// Bytes per source line (1-based) from an ASxxxx listing made with -l -p. A source
// line reads "[flags] AAAAAA BB BB ... LINE \t<source>"; every source line of ours
// starts with a tab, so the line number is the last field before the first tab.
std::map<int, Bytes> listingBytes(const std::string& listing) {
  std::map<int, Bytes> out;
  std::istringstream in(listing);
  std::string line;
  while (std::getline(in, line)) {
    const size_t tab = line.find('\t');
    if (tab == std::string::npos || line.empty()) continue;
    std::istringstream fields(line.substr(0, tab));
    std::vector<std::string> f;
    for (std::string w; fields >> w;) f.push_back(w);
    if (line[0] != ' ' && !f.empty()) f.erase(f.begin());  // error flags
    if (f.size() < 2 || f[0].size() != 6) continue;        // no address: emits nothing
    Bytes bytes;
    for (size_t i = 1; i + 1 < f.size(); ++i)
      bytes.push_back(static_cast<uint8_t>(std::stoul(f[i], nullptr, 16)));
    out[std::stoi(f.back())] = bytes;
  }
  return out;
}

struct SdasRun {
  bool ok = false;
  std::string message;         // why it failed: stderr or a start error
  std::map<int, Bytes> bytes;  // by form index
};

SdasRun assembleWithSdas(const std::string& sdasgb, const std::vector<Form>& forms) {
  SdasRun run;
  std::string error;
  auto dir = core::TempDir::create("collido-sdas", &error);
  if (!dir) {
    run.message = error;
    return run;
  }
  {
    std::ofstream src(dir->file("all.s"));
    for (const Form& f : forms) src << '\t' << f.sdas << '\n';
  }
  const core::ProcessResult p = core::runProcess({sdasgb, "-l", "-p", dir->file("all.s")});
  if (!p.started || p.exitCode != 0) {
    run.message = p.error + p.out + p.err;
    return run;
  }
  std::ifstream lst(dir->file("all.lst"));
  std::stringstream text;
  text << lst.rdbuf();
  for (auto& [line, bytes] : listingBytes(text.str())) run.bytes[line - 1] = std::move(bytes);
  run.ok = true;
  return run;
}

// Ours: one section, one form per line from line 2; bytes per line from the line map.
std::map<int, Bytes> assembleWithOurs(const std::vector<Form>& forms, std::string* diagnostics) {
  std::string source = "SECTION \"All\", ROM0[$1000]\n";
  for (const Form& f : forms) source += "    " + f.rgbds + "\n";
  const core::AsmResult r = rgbasm_test::assemble(source);
  std::map<int, Bytes> out;
  if (!r.ok) {
    *diagnostics = r.diagnosticsText();
    return out;
  }
  for (const auto& line : r.debug.lines)
    if (line.file == 0 && line.line >= 2)
      out[line.line - 2] = rgbasm_test::bytesAt(r, line.address, line.size);
  return out;
}

std::string hexBytes(const Bytes& bytes) {
  if (bytes.empty()) return "(nothing)";
  std::string s;
  for (uint8_t b : bytes) s += (s.empty() ? "" : " ") + hex(b, 2);
  return s;
}

// The encoding a form's bytes start with: the opcode, or 0x100 + n after a $CB prefix.
int encodingOf(const Bytes& bytes) {
  if (bytes.empty()) return -1;
  if (bytes[0] == 0xCB) return bytes.size() > 1 ? 0x100 + bytes[1] : -1;
  return bytes[0];
}

}  // namespace

TEST(RgbasmSdasgb, EveryEncodingMatchesSdasgbByteForByte) {
  const std::string sdasgb = core::findExecutable("sdasgb");
  if (sdasgb.empty()) GTEST_SKIP() << "sdasgb not on PATH (Debian package sdcc)";

  std::vector<Form> forms = everyEncoding();
  ASSERT_EQ(forms.size(), 500u);
  forms.insert(forms.end(), kSpellings.begin(), kSpellings.end());

  std::string diagnostics;
  const std::map<int, Bytes> ours = assembleWithOurs(forms, &diagnostics);
  ASSERT_TRUE(diagnostics.empty()) << diagnostics;
  const SdasRun theirs = assembleWithSdas(sdasgb, forms);
  ASSERT_TRUE(theirs.ok) << "sdasgb failed (line N = form N-1):\n" << theirs.message;

  std::string mismatches;
  int mismatchCount = 0;
  std::set<int> covered;
  for (int i = 0; i < static_cast<int>(forms.size()); ++i) {
    const auto a = ours.find(i);
    const auto b = theirs.bytes.find(i);
    const Bytes mine = a == ours.end() ? Bytes{} : a->second;
    const Bytes other = b == theirs.bytes.end() ? Bytes{} : b->second;
    const Form& f = forms[static_cast<size_t>(i)];
    if (f.opcode >= 0) {
      covered.insert(encodingOf(other));
      EXPECT_EQ(encodingOf(other), f.opcode) << "sdas form '" << f.sdas << "' hits another opcode";
    }
    if (mine == other) continue;
    ++mismatchCount;
    mismatches += "  " + f.rgbds + "  [" + hexBytes(mine) + "]  vs sdasgb  " + f.sdas + "  [" +
                  hexBytes(other) + "]\n";
  }
  EXPECT_EQ(covered.size(), 500u) << "the forms do not reach every encoding";
  RecordProperty("forms", static_cast<int>(forms.size()));
  RecordProperty("mismatches", mismatchCount);
  EXPECT_EQ(mismatchCount, 0) << mismatchCount << " of " << forms.size()
                              << " forms differ (ours vs sdasgb):\n"
                              << mismatches;
}

// The listing reader on its own, on lines as sdasgb 4.2 writes them.
TEST(RgbasmSdasgb, ListingReaderTakesBytesByLineNumber) {
  const std::string listing =
      "      000000 00                       1 \tnop\n"
      "      000001 01 34 12                 2 \tld bc,#0x1234\n"
      "a     000004                          3 \tld (c),a\n"
      "                                      4 \t.area CODE\n"
      "      000004 CB 7E                   12 \tbit 7,(hl)\n"
      "    .__.ABS.=  000000 G   |     .__.CPU.=  000000 L\n";
  const auto bytes = listingBytes(listing);
  ASSERT_EQ(bytes.size(), 4u);
  EXPECT_EQ(bytes.at(1), (Bytes{0x00}));
  EXPECT_EQ(bytes.at(2), (Bytes{0x01, 0x34, 0x12}));
  EXPECT_EQ(bytes.at(3), Bytes{});
  EXPECT_EQ(bytes.at(12), (Bytes{0xCB, 0x7E}));
}
