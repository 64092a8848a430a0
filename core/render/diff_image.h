// The before/after picture of two audits (core/check/audit_diff.h): the room in
// collision colours through the room scene (room_render.h), with each start
// whose cases were fixed painted green and each whose cases broke painted orange
// (both: magenta; orange, not red, because solid cells are drawn red), a stride x stride block a
// start.
#pragma once

#include "core/check/audit_diff.h"
#include "core/render/canvas.h"
#include "core/render/room_render.h"

namespace core {

inline constexpr Rgba kDiffFixedColour{40, 220, 90, 200};
inline constexpr Rgba kDiffBrokenColour{255, 150, 0, 230};
inline constexpr Rgba kDiffBothColour{230, 60, 230, 220};

// `options` says the scale and overlays of the room (its region must be the
// whole room); check its size with checkRoomPicture first.
Canvas renderAuditDiff(const Scenario& scenario, const DiffHeat& heat, int stride,
                       const RoomRenderOptions& options);

}  // namespace core
