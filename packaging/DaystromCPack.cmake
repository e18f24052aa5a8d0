# CPack: one Debian package, daystrom-studio, with both executables, the desktop file, the
# AppStream metainfo and the icons. Included from the top-level CMakeLists.txt after every
# install() rule.
#
#   cmake --build build && (cd build && cpack -G DEB)   # -> build/daystrom-studio_<ver>_<arch>.deb
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME daystrom-studio)
set(CPACK_PACKAGE_VENDOR "Daystrom")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
# The long description, wrapped for dpkg (CPack indents each line).
string(JOIN "\n" CPACK_PACKAGE_DESCRIPTION
    "Daystrom Studio designs Prisma AIRS custom-topic guardrails with an LLM"
    "refinement loop: an LLM writes a topic, the app deploys it to an AIRS"
    "security profile, scans labelled test prompts, measures efficacy and"
    "improves the topic until it reaches the target coverage."
    ""
    "The package ships the desktop app (daystrom-studio), a headless CLI"
    "(daystrom) and a built-in sandbox that needs no account.")
set(CPACK_PACKAGE_CONTACT "Daystrom Studio maintainers <maintainers@daystrom.invalid>")
set(CPACK_PACKAGE_HOMEPAGE_URL "https://github.com/daystrom/studio")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON) # RelWithDebInfo binaries are ~80 MB each with their debug info
set(CPACK_VERBATIM_VARIABLES ON)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # daystrom-studio_0.1.0_amd64.deb
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${CPACK_PACKAGE_CONTACT}")
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "${CPACK_PACKAGE_HOMEPAGE_URL}")
set(CPACK_DEBIAN_COMPRESSION_TYPE gzip) # fast; the package is small once stripped
find_program(DAYSTROM_DPKG_SHLIBDEPS dpkg-shlibdeps)
if(DAYSTROM_DPKG_SHLIBDEPS)
    # Depends computed from the linked libraries (the xcb platform plugin ships in libqt6gui6,
    # the SVG icon engine in libqt6svg6, both linked).
    set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
else()
    set(CPACK_DEBIAN_PACKAGE_DEPENDS
        "libqt6core6 (>= 6.4), libqt6gui6 (>= 6.4), libqt6widgets6 (>= 6.4), libqt6network6 (>= 6.4), \
libqt6svg6 (>= 6.4), libqt6charts6 (>= 6.4), libqt6statemachine6 (>= 6.4), libqt6httpserver6 (>= 6.4), \
libqt6websockets6 (>= 6.4), libqt6concurrent6 (>= 6.4), libqt6keychain1")
endif()
# Qt's own German (etc.) strings for standard dialogs; Wayland sessions; a keyring for API keys.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "qt6-translations-l10n, qt6-wayland, gnome-keyring | kwalletmanager")

include(CPack)
