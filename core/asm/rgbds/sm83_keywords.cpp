#include "core/asm/rgbds/sm83_keywords.h"

#include <cctype>
#include <unordered_map>

#include "core/asm/rgbds/sm83_lexer.h"

namespace core::sm83 {

Kw keyword(std::string_view w) {
  if (w.empty() || w.size() > 13) return Kw::None;
  char buf[16];
  for (size_t i = 0; i < w.size(); ++i)
    buf[i] = static_cast<char>(std::toupper(static_cast<unsigned char>(w[i])));
  static const std::unordered_map<std::string_view, Kw> kTable = {
      {"ADC", Kw::ADC},
      {"ADD", Kw::ADD},
      {"AND", Kw::AND},
      {"BIT", Kw::BIT},
      {"CALL", Kw::CALL},
      {"CCF", Kw::CCF},
      {"CP", Kw::CP},
      {"CPL", Kw::CPL},
      {"DAA", Kw::DAA},
      {"DEC", Kw::DEC},
      {"DI", Kw::DI},
      {"EI", Kw::EI},
      {"HALT", Kw::HALT},
      {"INC", Kw::INC},
      {"JP", Kw::JP},
      {"JR", Kw::JR},
      {"LD", Kw::LD},
      {"LDH", Kw::LDH},
      {"LDI", Kw::LDI},
      {"LDD", Kw::LDD},
      {"LDHL", Kw::LDHL},
      {"NOP", Kw::NOP},
      {"OR", Kw::OR},
      {"POP", Kw::POP},
      {"PUSH", Kw::PUSH},
      {"RES", Kw::RES},
      {"RET", Kw::RET},
      {"RETI", Kw::RETI},
      {"RL", Kw::RL},
      {"RLA", Kw::RLA},
      {"RLC", Kw::RLC},
      {"RLCA", Kw::RLCA},
      {"RR", Kw::RR},
      {"RRA", Kw::RRA},
      {"RRC", Kw::RRC},
      {"RRCA", Kw::RRCA},
      {"RST", Kw::RST},
      {"SBC", Kw::SBC},
      {"SCF", Kw::SCF},
      {"SET", Kw::SET},
      {"SLA", Kw::SLA},
      {"SRA", Kw::SRA},
      {"SRL", Kw::SRL},
      {"STOP", Kw::STOP},
      {"SUB", Kw::SUB},
      {"SWAP", Kw::SWAP},
      {"XOR", Kw::XOR},
      {"SECTION", Kw::SECTION},
      {"DB", Kw::DB},
      {"DW", Kw::DW},
      {"DL", Kw::DL},
      {"DS", Kw::DS},
      {"EQU", Kw::EQU},
      {"EQUS", Kw::EQUS},
      {"DEF", Kw::DEF},
      {"REDEF", Kw::REDEF},
      {"PURGE", Kw::PURGE},
      {"IF", Kw::IF},
      {"ELIF", Kw::ELIF},
      {"ELSE", Kw::ELSE},
      {"ENDC", Kw::ENDC},
      {"REPT", Kw::REPT},
      {"FOR", Kw::FOR},
      {"ENDR", Kw::ENDR},
      {"BREAK", Kw::BREAK},
      {"MACRO", Kw::MACRO},
      {"ENDM", Kw::ENDM},
      {"SHIFT", Kw::SHIFT},
      {"INCLUDE", Kw::INCLUDE},
      {"INCBIN", Kw::INCBIN},
      {"ASSERT", Kw::ASSERT},
      {"STATIC_ASSERT", Kw::STATIC_ASSERT},
      {"EXPORT", Kw::EXPORT},
      {"GLOBAL", Kw::GLOBAL},
      {"PRINT", Kw::PRINT},
      {"PRINTLN", Kw::PRINTLN},
      {"PRINTT", Kw::PRINTT},
      {"PRINTV", Kw::PRINTV},
      {"PRINTI", Kw::PRINTI},
      {"PRINTF", Kw::PRINTF},
      {"WARN", Kw::WARN},
      {"FAIL", Kw::FAIL},
      {"OPT", Kw::OPT},
      {"PUSHO", Kw::PUSHO},
      {"POPO", Kw::POPO},
      {"PUSHS", Kw::PUSHS},
      {"POPS", Kw::POPS},
      {"ENDSECTION", Kw::ENDSECTION},
      {"CHARMAP", Kw::CHARMAP},
      {"NEWCHARMAP", Kw::NEWCHARMAP},
      {"SETCHARMAP", Kw::SETCHARMAP},
      {"PUSHC", Kw::PUSHC},
      {"POPC", Kw::POPC},
      {"RSRESET", Kw::RSRESET},
      {"RSSET", Kw::RSSET},
      {"RB", Kw::RB},
      {"RW", Kw::RW},
      {"LOAD", Kw::LOAD},
      {"ENDL", Kw::ENDL},
      {"UNION", Kw::UNION},
      {"NEXTU", Kw::NEXTU},
      {"ENDU", Kw::ENDU},
      {"ROM0", Kw::ROM0},
      {"ROMX", Kw::ROMX},
      {"VRAM", Kw::VRAM},
      {"SRAM", Kw::SRAM},
      {"WRAM0", Kw::WRAM0},
      {"WRAMX", Kw::WRAMX},
      {"OAM", Kw::OAM},
      {"HRAM", Kw::HRAM},
      {"BANK", Kw::BANK},
      {"ALIGN", Kw::ALIGN},
      {"FRAGMENT", Kw::FRAGMENT},
  };
  auto it = kTable.find(std::string_view(buf, w.size()));
  return it == kTable.end() ? Kw::None : it->second;
}

Kw firstKeyword(std::string_view s) {
  size_t i = 0;
  while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
  size_t j = i;
  while (j < s.size() && Lexer::isIdentChar(s[j])) ++j;
  return keyword(s.substr(i, j - i));
}

}  // namespace core::sm83
