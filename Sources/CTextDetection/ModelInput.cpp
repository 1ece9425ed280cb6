#include "ModelInput.hpp"

#include <algorithm>

namespace ctextdetection {

namespace {

// Protocol buffer wire types.
constexpr int varint = 0, fixed64 = 1, lengthDelimited = 2, fixed32 = 5;

// Field numbers on the path from an ONNX ModelProto to a dimension's value.
constexpr uint32_t modelGraph = 7;        // ModelProto.graph
constexpr uint32_t graphInput = 11;       // GraphProto.input (repeated ValueInfoProto)
constexpr uint32_t valueInfoType = 2;     // ValueInfoProto.type
constexpr uint32_t typeTensor = 1;        // TypeProto.tensor_type
constexpr uint32_t tensorShape = 2;       // TypeProto.Tensor.shape
constexpr uint32_t shapeDimension = 1;    // TensorShapeProto.dim (repeated)
constexpr uint32_t dimensionValue = 1;    // TensorShapeProto.Dimension.dim_value

/// A stretch of the model's bytes holding one message.
struct Span {
    size_t begin;
    size_t end;
};

/// Reads a varint at `position`, advancing it; false when it runs past `end` or is too long.
bool readVarint(const std::vector<unsigned char> &bytes, size_t &position, size_t end, uint64_t &value) {
    value = 0;
    for (int shift = 0; shift < 64; shift += 7) {
        if (position >= end) return false;
        unsigned char byte = bytes[position++];
        value |= uint64_t(byte & 0x7f) << shift;
        if ((byte & 0x80) == 0) return true;
    }
    return false;
}

/// One field of a message: its number, wire type, and where its payload lies.
struct Field {
    uint32_t number;
    int type;
    /// For a varint: the value and where its bytes are; for a length-delimited field: its span.
    uint64_t value;
    Span payload;
};

/// Reads the field at `position` of a message ending at `end`, advancing past it.
bool readField(const std::vector<unsigned char> &bytes, size_t &position, size_t end, Field &field) {
    uint64_t key;
    if (!readVarint(bytes, position, end, key)) return false;
    field.number = uint32_t(key >> 3);
    field.type = int(key & 7);
    field.payload.begin = position;
    switch (field.type) {
        case varint:
            if (!readVarint(bytes, position, end, field.value)) return false;
            break;
        case fixed64:
            if (end - position < 8) return false;
            position += 8;
            break;
        case fixed32:
            if (end - position < 4) return false;
            position += 4;
            break;
        case lengthDelimited: {
            uint64_t length;
            if (!readVarint(bytes, position, end, length) || length > end - position) return false;
            field.payload.begin = position;
            position += size_t(length);
            break;
        }
        default:
            return false;  // groups (deprecated) do not occur in ONNX
    }
    field.payload.end = position;
    return true;
}

/// The first length-delimited field `number` of the message in `span`.
bool findMessage(const std::vector<unsigned char> &bytes, Span span, uint32_t number, Span &found) {
    size_t position = span.begin;
    Field field;
    while (position < span.end) {
        if (!readField(bytes, position, span.end, field)) return false;
        if (field.number == number && field.type == lengthDelimited) {
            found = field.payload;
            return true;
        }
    }
    return false;
}

}  // namespace

bool findModelInput(const std::vector<unsigned char> &model, ModelInput &input, std::string &problem) {
    input = ModelInput();
    Span graph, value, type, tensor, shape;
    if (!findMessage(model, {0, model.size()}, modelGraph, graph)) {
        problem = "it is not an onnx model (no graph)";
        return false;
    }
    if (!findMessage(model, graph, graphInput, value) || !findMessage(model, value, valueInfoType, type)
        || !findMessage(model, type, typeTensor, tensor) || !findMessage(model, tensor, tensorShape, shape)) {
        problem = "its graph declares no input tensor shape";
        return false;
    }
    size_t position = shape.begin;
    Field field;
    while (position < shape.end) {
        if (!readField(model, position, shape.end, field)) {
            problem = "its input shape is malformed";
            return false;
        }
        if (field.number != shapeDimension || field.type != lengthDelimited) continue;
        int64_t dimension = 0;
        size_t offset = 0, length = 0;
        size_t inner = field.payload.begin;
        Field part;
        while (inner < field.payload.end) {
            size_t start = inner;
            if (!readField(model, inner, field.payload.end, part)) {
                problem = "its input shape is malformed";
                return false;
            }
            if (part.number == dimensionValue && part.type == varint) {
                dimension = int64_t(part.value);
                // The value's varint follows its one-byte key.
                offset = start + 1;
                length = inner - offset;
            }
        }
        input.dimensions.push_back(dimension);
        input.valueOffsets.push_back(offset);
        input.valueLengths.push_back(length);
    }
    return true;
}

bool setInputDimension(std::vector<unsigned char> &model, const ModelInput &input, size_t index, int64_t value) {
    if (index >= input.dimensions.size() || value < 0) return false;
    size_t length = input.valueLengths[index], offset = input.valueOffsets[index];
    if (length == 0 || offset + length > model.size()) return false;
    // The varint of `value` in exactly `length` bytes, without padding (a reader would accept
    // redundant continuation bytes, but not every one is written to).
    std::vector<unsigned char> encoded;
    uint64_t rest = uint64_t(value);
    do {
        unsigned char byte = rest & 0x7f;
        rest >>= 7;
        encoded.push_back(rest ? byte | 0x80 : byte);
    } while (rest);
    if (encoded.size() != length) return false;
    std::copy(encoded.begin(), encoded.end(), model.begin() + long(offset));
    return true;
}

}  // namespace ctextdetection
