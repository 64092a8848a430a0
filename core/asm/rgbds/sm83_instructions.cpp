// SM83 instructions of the built-in assembler: operand parsing and encoding.
// Register fields follow the opcode bits: r8 = B C D E H L [HL] A (0-7),
// rr = BC DE HL SP (AF for push/pop), cc = NZ Z NC C.
#include <cctype>

#include "core/asm/rgbds/sm83_assembler.h"

namespace core::sm83 {

namespace {

enum RegCode : int {
  kNoReg = -1,
  kB = 0,
  kC,
  kD,
  kE,
  kH,
  kL,
  kMemHl,
  kA,
  kBC = 10,
  kDE,
  kHL,
  kSP,
  kAF,
  kNZ = 20,
  kZ,
  kNC,
  kHLI = 30,
  kHLD,
};

int regCode(std::string_view n) {
  if (n.empty() || n.size() > 3) return kNoReg;
  char b[4] = {};
  for (size_t i = 0; i < n.size(); ++i)
    b[i] = static_cast<char>(std::tolower(static_cast<unsigned char>(n[i])));
  std::string_view l(b, n.size());
  static constexpr std::pair<std::string_view, int> kRegs[] = {
      {"b", kB},   {"c", kC},   {"d", kD},   {"e", kE},     {"h", kH},    {"l", kL},
      {"a", kA},   {"bc", kBC}, {"de", kDE}, {"hl", kHL},   {"sp", kSP},  {"af", kAF},
      {"nz", kNZ}, {"z", kZ},   {"nc", kNC}, {"hli", kHLI}, {"hld", kHLD}};
  for (const auto& [name, code] : kRegs)
    if (name == l) return code;
  return kNoReg;
}

const char* mnemonicName(Kw kw) {
  static const char* kNames[] = {
      "",     "adc",  "add", "and", "bit",  "call", "ccf", "cp",  "cpl",  "daa",  "dec",  "di",
      "ei",   "halt", "inc", "jp",  "jr",   "ld",   "ldh", "ldi", "ldd",  "ldhl", "nop",  "or",
      "pop",  "push", "res", "ret", "reti", "rl",   "rla", "rlc", "rlca", "rr",   "rra",  "rrc",
      "rrca", "rst",  "sbc", "scf", "set",  "sla",  "sra", "srl", "stop", "sub",  "swap", "xor"};
  size_t i = static_cast<size_t>(kw);
  return i < sizeof(kNames) / sizeof(kNames[0]) ? kNames[i] : "?";
}

}  // namespace

bool Assembler::parseOperand(Operand& op) {
  op.kind = OpKind::None;
  op.reg = 0;
  op.isC = false;
  op.expr.clear();
  if (const Token& t0 = lx_.peek();
      t0.kind == Tok::Ident &&
      (equalsIgnoreCase(lx_.text(t0), "HIGH") || equalsIgnoreCase(lx_.text(t0), "LOW"))) {
    // rgbasm's `HIGH(bc)` / `LOW(de)`: the 8-bit half of a register pair.
    op.col = t0.col();
    const bool high = equalsIgnoreCase(lx_.text(t0), "HIGH");
    Lexer::State s = lx_.save();
    lx_.next();
    if (lx_.next().kind == Tok::LParen) {
      const Token& r = lx_.peek();
      const int pair = r.kind == Tok::Ident ? regCode(lx_.text(r)) : kNoReg;
      int half = kNoReg;
      if (pair >= kBC && pair <= kHL) half = (pair - kBC) * 2 + (high ? 0 : 1);
      if (pair == kAF && high) half = kA;
      if (half != kNoReg) {
        lx_.next();
        if (lx_.next().kind != Tok::RParen) {
          error(op.col, "expected ')' after the register pair");
          return false;
        }
        op.kind = OpKind::R8;
        op.reg = half;
        op.isC = half == kC;
        return true;
      }
      if (pair == kAF || pair == kSP) {
        error(op.col, std::string(high ? "HIGH" : "LOW") + "(" + std::string(lx_.text(r)) +
                          ") is not an 8-bit register");
        return false;
      }
    }
    lx_.restore(s);
  }
  const Token& t = lx_.peek();
  op.col = t.col();
  if (t.kind == Tok::Ident) {
    const int code = regCode(lx_.text(t));
    if (code != kNoReg) {
      lx_.next();
      if (code <= kA) {
        op.kind = OpKind::R8;
        op.reg = code;
        op.isC = code == kC;
      } else if (code <= kAF) {
        op.kind = OpKind::R16;
        op.reg = code - kBC;
        const Token& n = lx_.peek();
        if (code == kSP && n.kind == Tok::Op && (n.op == Op::Plus || n.op == Op::Minus)) {
          if (n.op == Op::Plus) lx_.next();  // a minus stays as the unary sign
          op.kind = OpKind::SpRel;
          return parseExpr(op.expr);
        }
      } else if (code <= kNC) {
        op.kind = OpKind::Cond;
        op.reg = code == kNZ ? 0 : code == kZ ? 1 : 2;
      } else {
        error(op.col, "'" + std::string(lx_.text(t)) + "' is only valid inside brackets");
        return false;
      }
      return true;
    }
  }
  bool memory = t.kind == Tok::LBracket;
  if (t.kind == Tok::LParen) {
    // `(hl)` style is accepted for registers only; `(expr)` stays an expression.
    Lexer::State s = lx_.save();
    lx_.next();
    const Token& in = lx_.peek();
    memory = in.kind == Tok::Ident && regCode(lx_.text(in)) != kNoReg;
    lx_.restore(s);
  }
  if (!memory) {
    op.kind = OpKind::Imm;
    return parseExpr(op.expr);
  }
  const Tok close = lx_.next().kind == Tok::LBracket ? Tok::RBracket : Tok::RParen;
  const Token& in = lx_.peek();
  const int code = in.kind == Tok::Ident ? regCode(lx_.text(in)) : kNoReg;
  if (code != kNoReg) {
    const int col = in.col();
    lx_.next();
    switch (code) {
      case kHL: {
        op.kind = OpKind::R8;
        op.reg = kMemHl;
        const Token& n = lx_.peek();
        if (n.kind == Tok::Op && (n.op == Op::Plus || n.op == Op::Minus)) {
          op.kind = n.op == Op::Plus ? OpKind::IndHLI : OpKind::IndHLD;
          lx_.next();
        }
        break;
      }
      case kHLI:
        op.kind = OpKind::IndHLI;
        break;
      case kHLD:
        op.kind = OpKind::IndHLD;
        break;
      case kBC:
        op.kind = OpKind::IndBC;
        break;
      case kDE:
        op.kind = OpKind::IndDE;
        break;
      case kC:
        op.kind = OpKind::IndC;
        break;
      default:
        error(col, "bad operand: [" + std::string(lx_.text(in)) + "] cannot be addressed");
        return false;
    }
  } else {
    if (!parseExpr(op.expr, true)) return false;
    op.kind = OpKind::Mem;
    const Token& n = lx_.peek();
    if (n.kind == Tok::Op && n.op == Op::Plus) {  // [$ff00 + c]
      lx_.next();
      lx_.next();
      EvalResult r = syms_.eval(op.expr);
      if (r.status != EvalResult::Known || r.value != 0xFF00) {
        error(op.col, "bad operand: only [$ff00+c] can add c to an address");
        return false;
      }
      op.kind = OpKind::IndC;
    }
  }
  Token c = lx_.next();
  if (c.kind != close) {
    error(c.col(), close == Tok::RBracket ? "expected ']'" : "expected ')'");
    return false;
  }
  return true;
}

void Assembler::instruction(Kw kw, const Token& t) {
  const int col = t.col();
  rep_.pos.col = col;
  if (!sections_.needCode(col)) return;
  int n = 0;
  if (lx_.peek().kind != Tok::End && lx_.peek().kind != Tok::DoubleColon) {
    for (;;) {
      if (n == 3) return error(lx_.peek().col(), "too many operands");
      if (!parseOperand(ops_[n])) return;
      ++n;
      if (lx_.peek().kind != Tok::Comma) break;
      lx_.next();
    }
  }
  if (lx_.peek().kind == Tok::DoubleColon) {
    // `ld a, [hli] :: ld h, [hl]`: several instructions on one line.
    lx_.next();
    encode(kw, n, col);
    if (rep_.fatal()) return;
    Token next = lx_.next();
    if (next.kind != Tok::Ident || !isMnemonic(keyword(lx_.text(next))))
      return error(next.col(), "expected an instruction after '::'");
    return instruction(keyword(lx_.text(next)), next);
  }
  if (!expectEnd()) return;
  encode(kw, n, col);
}

void Assembler::encode(Kw kw, int n, int col) {
  const Operand& a = ops_[0];
  const Operand& b = ops_[1];
  const std::string name = mnemonicName(kw);
  auto bad = [&]() { error(n > 0 ? a.col : col, "invalid operands for '" + name + "'"); };
  auto count = [&](int want) {
    if (n == want) return true;
    error(col, "'" + name + "' takes " + std::to_string(want) + " operand" +
                   (want == 1 ? "" : "s") + ", got " + std::to_string(n));
    return false;
  };
  auto r8 = [](const Operand& o) { return o.kind == OpKind::R8; };
  auto isA = [](const Operand& o) { return o.kind == OpKind::R8 && o.reg == kA; };
  auto isHlMem = [](const Operand& o) { return o.kind == OpKind::R8 && o.reg == kMemHl; };
  auto r16 = [](const Operand& o, int reg) { return o.kind == OpKind::R16 && o.reg == reg; };
  auto cond = [](const Operand& o) {
    return o.kind == OpKind::Cond || (o.kind == OpKind::R8 && o.isC);
  };
  auto cc = [](const Operand& o) { return o.kind == OpKind::Cond ? o.reg : 3; };
  auto emit = [&](int v) { sections_.emitByte(static_cast<uint8_t>(v), col); };
  auto value = [&](PatchKind k, const Operand& o) {
    sections_.emitValue(k, o.expr, o.expr.col ? o.expr.col : o.col);
  };

  switch (kw) {
    case Kw::NOP:
      if (count(0)) emit(0x00);
      return;
    case Kw::HALT:
      if (count(0)) emit(0x76);
      return;
    case Kw::DI:
      if (count(0)) emit(0xF3);
      return;
    case Kw::EI:
      if (count(0)) emit(0xFB);
      return;
    case Kw::RLCA:
      if (count(0)) emit(0x07);
      return;
    case Kw::RRCA:
      if (count(0)) emit(0x0F);
      return;
    case Kw::RLA:
      if (count(0)) emit(0x17);
      return;
    case Kw::RRA:
      if (count(0)) emit(0x1F);
      return;
    case Kw::DAA:
      if (count(0)) emit(0x27);
      return;
    case Kw::SCF:
      if (count(0)) emit(0x37);
      return;
    case Kw::CCF:
      if (count(0)) emit(0x3F);
      return;
    case Kw::RETI:
      if (count(0)) emit(0xD9);
      return;
    case Kw::CPL:
      if (n == 1 && isA(a)) return emit(0x2F);
      if (count(0)) emit(0x2F);
      return;
    case Kw::STOP:
      if (n == 0) return emit(0x10), emit(0x00);
      if (!count(1)) return;
      if (a.kind != OpKind::Imm) return bad();
      emit(0x10);
      return value(PatchKind::Byte, a);
    case Kw::ADD:
    case Kw::ADC:
    case Kw::SUB:
    case Kw::SBC:
    case Kw::AND:
    case Kw::XOR:
    case Kw::OR:
    case Kw::CP: {
      static constexpr Kw kAlu[] = {Kw::ADD, Kw::ADC, Kw::SUB, Kw::SBC,
                                    Kw::AND, Kw::XOR, Kw::OR,  Kw::CP};
      int alu = 0;
      while (kAlu[alu] != kw) ++alu;
      const Operand* src = nullptr;
      if (n == 2) {
        if (kw == Kw::ADD && a.kind == OpKind::R16 && a.reg == 2) {
          if (b.kind != OpKind::R16 || b.reg > 3) return bad();
          return emit(0x09 | b.reg << 4);
        }
        if (kw == Kw::ADD && r16(a, 3)) {
          if (b.kind != OpKind::Imm) return bad();
          emit(0xE8);
          return value(PatchKind::Signed8, b);
        }
        if (!isA(a)) return bad();
        src = &b;
      } else if (n == 1) {
        src = &a;
      } else {
        return void(count(n == 0 ? 1 : 2));
      }
      if (r8(*src)) return emit(0x80 | alu << 3 | src->reg);
      if (src->kind != OpKind::Imm) return bad();
      emit(0xC6 | alu << 3);
      return value(PatchKind::Byte, *src);
    }
    case Kw::INC:
    case Kw::DEC: {
      if (!count(1)) return;
      const bool dec = kw == Kw::DEC;
      if (r8(a)) return emit((dec ? 0x05 : 0x04) | a.reg << 3);
      if (a.kind == OpKind::R16 && a.reg <= 3) return emit((dec ? 0x0B : 0x03) | a.reg << 4);
      return bad();
    }
    case Kw::PUSH:
    case Kw::POP: {
      if (!count(1)) return;
      if (a.kind != OpKind::R16 || a.reg == 3) return bad();
      const int rr = a.reg == 4 ? 3 : a.reg;
      return emit((kw == Kw::PUSH ? 0xC5 : 0xC1) | rr << 4);
    }
    case Kw::JP:
      if (n == 1) {
        if (r16(a, 2) || isHlMem(a)) return emit(0xE9);
        if (a.kind != OpKind::Imm) return bad();
        emit(0xC3);
        return value(PatchKind::Word, a);
      }
      if (!count(2)) return;
      if (!cond(a) || b.kind != OpKind::Imm) return bad();
      emit(0xC2 | cc(a) << 3);
      return value(PatchKind::Word, b);
    case Kw::CALL:
      if (n == 1) {
        if (a.kind != OpKind::Imm) return bad();
        emit(0xCD);
        return value(PatchKind::Word, a);
      }
      if (!count(2)) return;
      if (!cond(a) || b.kind != OpKind::Imm) return bad();
      emit(0xC4 | cc(a) << 3);
      return value(PatchKind::Word, b);
    case Kw::JR:
      if (n == 1) {
        if (a.kind != OpKind::Imm) return bad();
        emit(0x18);
        return value(PatchKind::Jr, a);
      }
      if (!count(2)) return;
      if (!cond(a) || b.kind != OpKind::Imm) return bad();
      emit(0x20 | cc(a) << 3);
      return value(PatchKind::Jr, b);
    case Kw::RET:
      if (n == 0) return emit(0xC9);
      if (!count(1)) return;
      if (!cond(a)) return bad();
      return emit(0xC0 | cc(a) << 3);
    case Kw::RST: {
      if (!count(1)) return;
      if (a.kind != OpKind::Imm) return bad();
      const uint32_t at = sections_.size();
      if (!sections_.grow(1, col)) return;
      return sections_.resolveOrPatch(PatchKind::Rst, a.expr, at, a.col);
    }
    case Kw::RLC:
    case Kw::RRC:
    case Kw::RL:
    case Kw::RR:
    case Kw::SLA:
    case Kw::SRA:
    case Kw::SWAP:
    case Kw::SRL: {
      static constexpr Kw kShift[] = {Kw::RLC, Kw::RRC, Kw::RL,   Kw::RR,
                                      Kw::SLA, Kw::SRA, Kw::SWAP, Kw::SRL};
      int op = 0;
      while (kShift[op] != kw) ++op;
      if (!count(1)) return;
      if (!r8(a)) return bad();
      emit(0xCB);
      return emit(op << 3 | a.reg);
    }
    case Kw::BIT:
    case Kw::RES:
    case Kw::SET: {
      if (!count(2)) return;
      if (a.kind != OpKind::Imm || !r8(b)) return bad();
      emit(0xCB);
      const int base = kw == Kw::BIT ? 0x40 : kw == Kw::RES ? 0x80 : 0xC0;
      const uint32_t at = sections_.size();
      emit(base | b.reg);
      if (rep_.fatal()) return;
      return sections_.resolveOrPatch(PatchKind::Bit, a.expr, at, a.col);
    }
    case Kw::LDI:
    case Kw::LDD: {
      if (!count(2)) return;
      const int base = kw == Kw::LDI ? 0x22 : 0x32;
      if (isHlMem(a) && isA(b)) return emit(base);
      if (isA(a) && isHlMem(b)) return emit(base | 0x08);
      return bad();
    }
    case Kw::LDHL:
      if (!count(2)) return;
      if (!r16(a, 3) || b.kind != OpKind::Imm) return bad();
      emit(0xF8);
      return value(PatchKind::Signed8, b);
    case Kw::LDH:
      if (!count(2)) return;
      if (a.kind == OpKind::IndC && isA(b)) return emit(0xE2);
      if (isA(a) && b.kind == OpKind::IndC) return emit(0xF2);
      if (a.kind == OpKind::Mem && isA(b)) return emit(0xE0), value(PatchKind::Ldh, a);
      if (isA(a) && b.kind == OpKind::Mem) return emit(0xF0), value(PatchKind::Ldh, b);
      return bad();
    case Kw::LD: {
      if (!count(2)) return;
      if (r8(a) && r8(b)) {
        if (a.reg == kMemHl && b.reg == kMemHl) return bad();
        return emit(0x40 | a.reg << 3 | b.reg);
      }
      if (r8(a) && b.kind == OpKind::Imm) return emit(0x06 | a.reg << 3), value(PatchKind::Byte, b);
      if (a.kind == OpKind::R16 && a.reg <= 3 && b.kind == OpKind::Imm)
        return emit(0x01 | a.reg << 4), value(PatchKind::Word, b);
      if (isA(b)) {
        switch (a.kind) {
          case OpKind::IndBC:
            return emit(0x02);
          case OpKind::IndDE:
            return emit(0x12);
          case OpKind::IndHLI:
            return emit(0x22);
          case OpKind::IndHLD:
            return emit(0x32);
          case OpKind::IndC:
            return emit(0xE2);
          case OpKind::Mem:
            return emit(0xEA), value(PatchKind::Word, a);
          default:
            break;
        }
      }
      if (isA(a)) {
        switch (b.kind) {
          case OpKind::IndBC:
            return emit(0x0A);
          case OpKind::IndDE:
            return emit(0x1A);
          case OpKind::IndHLI:
            return emit(0x2A);
          case OpKind::IndHLD:
            return emit(0x3A);
          case OpKind::IndC:
            return emit(0xF2);
          case OpKind::Mem:
            return emit(0xFA), value(PatchKind::Word, b);
          default:
            break;
        }
      }
      if (a.kind == OpKind::Mem && r16(b, 3)) return emit(0x08), value(PatchKind::Word, a);
      if (r16(a, 3) && r16(b, 2)) return emit(0xF9);
      if (r16(a, 2) && b.kind == OpKind::SpRel) return emit(0xF8), value(PatchKind::Signed8, b);
      return bad();
    }
    default:
      return bad();
  }
}

}  // namespace core::sm83
