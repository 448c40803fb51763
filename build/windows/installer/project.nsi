; The Windows installer of hearth-desktop, built by build/scripts/desktop-build.sh
; (makensis -DVERSION -DPRODUCT -DCOMPANY -DCOPYRIGHT -DROOT). Per-machine install
; in Program Files, Start menu and desktop shortcuts, a "door kiosk" shortcut, and
; an uninstaller listed in Apps & features.
Unicode true
!include "MUI2.nsh"
!include "x64.nsh"

Name "${PRODUCT}"
OutFile "${ROOT}/bin/hearth-desktop-setup.exe"
InstallDir "$PROGRAMFILES64\${PRODUCT}"
InstallDirRegKey HKLM "Software\${PRODUCT}" "InstallDir"
RequestExecutionLevel admin
SetCompressor /SOLID lzma
VIProductVersion "${VERSION}.0"
VIAddVersionKey "ProductName" "${PRODUCT}"
VIAddVersionKey "CompanyName" "${COMPANY}"
VIAddVersionKey "LegalCopyright" "${COPYRIGHT}"
VIAddVersionKey "FileDescription" "${PRODUCT} installer"
VIAddVersionKey "FileVersion" "${VERSION}"
VIAddVersionKey "ProductVersion" "${VERSION}"

!define MUI_ICON "${ROOT}/bin/hearth-installer.ico"
!define MUI_UNICON "${ROOT}/bin/hearth-installer.ico"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\${PRODUCT}"
; The WebView2 Evergreen runtime registers its version here (per machine, 64-bit Windows).
; Source: Microsoft Learn, "Distribute your app and the WebView2 Runtime" → "Detect if a WebView2 Runtime is already installed".
!define WEBVIEW2_KEY "SOFTWARE\WOW6432Node\Microsoft\EdgeUpdate\Clients\{F3017226-FE2A-4295-8BDF-00C3A9A7E4C5}"

!insertmacro MUI_PAGE_WELCOME
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "Spanish"
!insertmacro MUI_LANGUAGE "SimpChinese"

LangString WebView2Missing ${LANG_ENGLISH} "Hearth needs the Microsoft Edge WebView2 Runtime, which is not installed on this computer. Install the Evergreen runtime from Microsoft (search for 'WebView2 Runtime download'), then start Hearth."
LangString WebView2Missing ${LANG_SPANISH} "Hearth necesita Microsoft Edge WebView2 Runtime, que no está instalado en este equipo. Instale el runtime Evergreen de Microsoft (busque 'WebView2 Runtime download') y después inicie Hearth."
LangString WebView2Missing ${LANG_SIMPCHINESE} "Hearth 需要 Microsoft Edge WebView2 Runtime，但此电脑尚未安装。请从微软网站安装 Evergreen 运行时（搜索“WebView2 Runtime download”），然后再启动 Hearth。"
LangString KioskShortcut ${LANG_ENGLISH} "Hearth door kiosk"
LangString KioskShortcut ${LANG_SPANISH} "Quiosco de fichaje de Hearth"
LangString KioskShortcut ${LANG_SIMPCHINESE} "Hearth 门口打卡机"

Section "Hearth" SecMain
  SetShellVarContext all
  SetOutPath "$INSTDIR"
  File "${ROOT}/bin/hearth-desktop.exe"
  WriteUninstaller "$INSTDIR\uninstall.exe"
  CreateDirectory "$SMPROGRAMS\${PRODUCT}"
  CreateShortCut "$SMPROGRAMS\${PRODUCT}\${PRODUCT}.lnk" "$INSTDIR\hearth-desktop.exe"
  CreateShortCut "$SMPROGRAMS\${PRODUCT}\$(KioskShortcut).lnk" "$INSTDIR\hearth-desktop.exe" "--kiosk"
  CreateShortCut "$DESKTOP\${PRODUCT}.lnk" "$INSTDIR\hearth-desktop.exe"
  WriteRegStr HKLM "Software\${PRODUCT}" "InstallDir" "$INSTDIR"
  WriteRegStr HKLM "${UNINSTALL_KEY}" "DisplayName" "${PRODUCT}"
  WriteRegStr HKLM "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKLM "${UNINSTALL_KEY}" "Publisher" "${COMPANY}"
  WriteRegStr HKLM "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\hearth-desktop.exe"
  WriteRegStr HKLM "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegDWORD HKLM "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKLM "${UNINSTALL_KEY}" "NoRepair" 1
  ReadRegStr $0 HKLM "${WEBVIEW2_KEY}" "pv"
  ${If} $0 == ""
  ${OrIf} $0 == "0.0.0.0"
    MessageBox MB_OK|MB_ICONEXCLAMATION "$(WebView2Missing)"
  ${EndIf}
SectionEnd

Section "Uninstall"
  SetShellVarContext all
  Delete "$INSTDIR\hearth-desktop.exe"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
  Delete "$SMPROGRAMS\${PRODUCT}\${PRODUCT}.lnk"
  Delete "$SMPROGRAMS\${PRODUCT}\$(KioskShortcut).lnk"
  RMDir "$SMPROGRAMS\${PRODUCT}"
  Delete "$DESKTOP\${PRODUCT}.lnk"
  DeleteRegKey HKLM "${UNINSTALL_KEY}"
  DeleteRegKey HKLM "Software\${PRODUCT}"
  ; Settings and the local cache (%AppData%\Hearth) belong to each user and are left: punches may still wait there.
SectionEnd
