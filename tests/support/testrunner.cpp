// main() of every test executable: runs one of the tests registered in it (testmain.h).
//
//     <executable> TEST [Qt Test options]    runs TEST with those options
//     <executable> [Qt Test options]         the same, when the executable holds one test only
//     <executable> --list                    the tests it holds, one a line
//
// TEST sees an argv[0] in the executable's folder named after itself, so its application name,
// its log lines and its -o files are what they were when it was a program of its own.

#include "testmain.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

namespace {

std::map<std::string, DaystromTest::MainFunction> &registry()
{
    static std::map<std::string, DaystromTest::MainFunction> tests;
    return tests;
}

std::string baseName(const char *path)
{
    std::string name(path);
    if (const auto slash = name.find_last_of('/'); slash != std::string::npos)
        name.erase(0, slash + 1);
    if (const auto dot = name.find('.'); dot != std::string::npos)
        name.erase(dot);
    return name;
}

std::string folderOf(const char *path)
{
    const std::string text(path);
    const auto slash = text.find_last_of('/');
    return slash == std::string::npos ? std::string() : text.substr(0, slash + 1);
}

int usage(const char *program, const char *unknown)
{
    if (unknown)
        std::fprintf(stderr, "%s: no test named '%s' in this executable.\n", program, unknown);
    std::fprintf(stderr, "usage: %s TEST [Qt Test options]   (TEST -help lists the options)\n"
                         "TEST is one of:\n",
                 program);
    for (const auto &entry : registry())
        std::fprintf(stderr, "  %s\n", entry.first.c_str());
    return 2;
}

} // namespace

bool DaystromTest::registerTest(const char *sourceFile, MainFunction main)
{
    if (!registry().emplace(baseName(sourceFile), main).second) {
        std::fprintf(stderr, "testrunner: two tests are named %s\n", baseName(sourceFile).c_str());
        std::abort();
    }
    return true;
}

int main(int argc, char **argv)
{
    const auto &tests = registry();
    if (argc >= 2 && std::strcmp(argv[1], "--list") == 0) {
        for (const auto &entry : tests)
            std::printf("%s\n", entry.first.c_str());
        return 0;
    }
    const bool named = argc >= 2 && argv[1][0] != '-';
    if (!named) {
        if (tests.size() == 1)
            return tests.begin()->second(argc, argv);
        return usage(argv[0], nullptr);
    }
    const auto test = tests.find(argv[1]);
    if (test == tests.end())
        return usage(argv[0], argv[1]);

    std::string self = folderOf(argv[0]) + test->first;
    std::vector<char *> args{self.data()};
    for (int i = 2; i < argc; ++i)
        args.push_back(argv[i]);
    args.push_back(nullptr);
    return test->second(static_cast<int>(args.size()) - 1, args.data());
}
