#ifndef COPENCV_SHIM_H
#define COPENCV_SHIM_H

// OpenCV's interface is C++, so there is nothing here to import; this module exists to
// carry pkg-config's compiler and linker flags for opencv4 to the targets that use it.
// Their C++ sources include <opencv2/...> themselves.

#endif
