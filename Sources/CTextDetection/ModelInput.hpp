// The declared input size of an ONNX model, read and rewritten in its serialised bytes.
//
// OpenCV 4.6 imports an ONNX graph for the input size the model declares and bakes shapes into
// its layers, so a network for another width has to be imported from a model that declares
// that width. ONNX files are protocol buffers; walking the few messages down to the input's
// dimensions needs only the wire format (no ONNX or protobuf headers).
#ifndef CTEXTDETECTION_MODELINPUT_HPP
#define CTEXTDETECTION_MODELINPUT_HPP

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace ctextdetection {

/// Where a model's first graph input declares its dimensions.
struct ModelInput {
    /// The declared dimensions (0 for a dimension given by name or not at all).
    std::vector<int64_t> dimensions;
    /// Byte offset and length of each dimension's value (a varint) in the model; length 0 when
    /// the dimension has no value.
    std::vector<size_t> valueOffsets;
    std::vector<size_t> valueLengths;
};

/// Finds the first graph input's dimensions in the serialised `model`; returns false and says
/// why in `problem` when the bytes are not a model with such an input.
bool findModelInput(const std::vector<unsigned char> &model, ModelInput &input, std::string &problem);

/// Rewrites dimension `index` of `input` in `model` to `value`, in place. Only a value whose
/// varint has the same length as the declared one fits (two bytes: 128...16383).
bool setInputDimension(std::vector<unsigned char> &model, const ModelInput &input, size_t index, int64_t value);

}  // namespace ctextdetection

#endif
