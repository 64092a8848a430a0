// The manifest's `tables`, `results` and `apply` blocks and the register presets
// that name cells or other entities (docs/manifest.md, "Entity tables" and
// "Register arguments and results"): parsed here for core/sim/manifest.cpp, with
// its field and label parsers. Internal to the manifest loader.
#pragma once

#include <string>

#include "core/sim/manifest.h"
#include "core/util/json_reader.h"

namespace core::detail {

Hitbox readManifestHitbox(JsonReader& r, const nlohmann::json& hb, const std::string& p);
// The `tables` block: entity tables besides the default (`entity`), by name.
void readTables(JsonReader& r, const nlohmann::json& j, RoutineManifest& m, int version);
// "other:TABLE:N" (that entity's index) or "other:TABLE:N.FIELD" (its field).
EntityRef readEntityRef(JsonReader& r, const std::string& p, const std::string& text,
                        const RoutineManifest& m);
// "cell:x", "cell:y", "cell:right", "cell:bottom", each optionally ":next".
void readCellPreset(JsonReader& r, const std::string& p, const std::string& text,
                    RegisterPreset& preset);
// "results" and "apply" (after the fields and tables: a result may not share a field's name).
void readResults(JsonReader& r, const nlohmann::json& j, RoutineManifest& m, int version);

// manifest.cpp's parsers of a field binding and a label.
// `base`: the table's struct array ("base"), which a field's "offset" counts from.
FieldBinding parseManifestField(JsonReader& r, const nlohmann::json& v, const std::string& p,
                                int defaultStride, const LabelRef& base = {});
LabelRef parseManifestLabel(JsonReader& r, const nlohmann::json& v, const std::string& p);
LabelRef parseManifestLabelField(JsonReader& r, const nlohmann::json& obj, const std::string& p,
                                 const std::string& key, bool required);

}  // namespace core::detail
