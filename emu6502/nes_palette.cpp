#include "emu6502/nes_palette.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace emu6502 {
namespace {

constexpr float kLow[4] = {0.228f, 0.312f, 0.552f, 0.880f};
constexpr float kHigh[4] = {0.616f, 0.840f, 1.100f, 1.100f};
constexpr float kBlack = 0.312f, kWhite = 1.100f, kAttenuation = 0.746f;
constexpr float kHueOffset = 3.6f;  // in subcarrier phases (30 degrees each)
constexpr float kChromaGain = 2.0f;

// The composite level of 9-bit colour `pixel` during subcarrier phase `phase`.
float signal(unsigned pixel, unsigned phase) {
  const unsigned color = pixel & 0x0F;
  unsigned level = (pixel >> 4) & 3;
  const unsigned emphasis = pixel >> 6;
  if (color > 13) level = 1;
  float low = kLow[level], high = kHigh[level];
  if (color == 0) low = high;
  if (color > 12) high = low;
  auto inPhase = [phase](unsigned c) { return (c + phase) % 12 < 6; };
  float s = inPhase(color) ? high : low;
  if (((emphasis & 1) && inPhase(0)) || ((emphasis & 2) && inPhase(4)) ||
      ((emphasis & 4) && inPhase(8)))
    s *= kAttenuation;
  return s;
}

Rgb decode(unsigned pixel) {
  float y = 0, i = 0, q = 0;
  for (unsigned p = 0; p < 12; ++p) {
    const float v = (signal(pixel, p) - kBlack) / (kWhite - kBlack);
    const float angle = std::numbers::pi_v<float> * (static_cast<float>(p) + kHueOffset) / 6;
    y += v;
    i += v * std::cos(angle);
    q += v * std::sin(angle);
  }
  y /= 12;
  i = i / 12 * kChromaGain;
  q = q / 12 * kChromaGain;
  auto byte = [](float f) {
    return static_cast<uint8_t>(std::clamp(std::lround(f * 255.0f), 0L, 255L));
  };
  return {byte(y + 0.946882f * i + 0.623557f * q), byte(y - 0.274788f * i - 0.635691f * q),
          byte(y - 1.108545f * i + 1.709007f * q)};
}

}  // namespace

const std::array<Rgb, 512>& nesPalette() {
  static const std::array<Rgb, 512> table = [] {
    std::array<Rgb, 512> t{};
    for (unsigned p = 0; p < 512; ++p) t[p] = decode(p);
    return t;
  }();
  return table;
}

std::vector<uint8_t> nesToRgba(std::span<const uint16_t> pixels) {
  const std::array<Rgb, 512>& pal = nesPalette();
  std::vector<uint8_t> out(pixels.size() * 4);
  for (size_t k = 0; k < pixels.size(); ++k) {
    const Rgb c = pal[pixels[k] & 0x1FF];
    out[k * 4 + 0] = c.r;
    out[k * 4 + 1] = c.g;
    out[k * 4 + 2] = c.b;
    out[k * 4 + 3] = 255;
  }
  return out;
}

}  // namespace emu6502
