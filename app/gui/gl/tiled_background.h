// Fewer pixels for a software rasteriser: while the top-level windows tile the
// screen without overlapping (the shipped layout), their backgrounds are left
// out and the frame's clear colour paints them instead. That removes about one
// full screen of blended fill per frame under Mesa llvmpipe. As soon as windows
// overlap (one dragged over another), backgrounds come back on the next frame.
#pragma once

namespace app {

// Call after the frame's windows were submitted and before ImGui::Render().
// Chooses the window background for the next frame.
void updateTiledBackground();
// The colour to clear the frame with (the windows' background colour, opaque).
void clearColour(float rgb[3]);

}  // namespace app
