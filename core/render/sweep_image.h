// The picture of a domain sweep (core/check/sweep.h): 256 x 256 pixels, x = the
// first varied input, y = the second (top row = 0), each pixel one value pair.
// Pairs where the boxes overlap exactly are grey (brighter the more of the
// summed cases overlap), others near black. Pairs with mismatches are drawn
// over them, brighter the more cases disagree: in heat colours (red to pale
// yellow) where the routine mostly misses real overlaps, in blues where it
// mostly reports hits for boxes that are apart (false hits).
//
//   Canvas c = renderSweepImage(result, 2);   // 512 x 512
#pragma once

#include "core/check/sweep.h"
#include "core/render/canvas.h"

namespace core {

Canvas renderSweepImage(const SweepResult& result, int scale = 1);

inline constexpr Rgba kSweepApartColour{20, 22, 28, 255};

}  // namespace core
