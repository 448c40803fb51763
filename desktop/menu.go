package main

import (
	"os"

	"hearth/shared"
)

// The native menu's words in the three languages of the UI. The menu follows
// the computer's language (LC_ALL, LC_MESSAGES, LANG); the page follows the
// language chosen in the app.
var menuWords = map[string]map[string]string{
	"en-US": {
		"hearth": "Hearth", "about": "About Hearth", "reload": "Reload", "print": "Print…", "quit": "Quit",
		"aboutText": "Hearth runs adult family homes: residents, staff, medications, care records and clock-in.",
		"version":   "Version",
	},
	"es-ES": {
		"hearth": "Hearth", "about": "Acerca de Hearth", "reload": "Recargar", "print": "Imprimir…", "quit": "Salir",
		"aboutText": "Hearth gestiona hogares familiares para adultos: residentes, personal, medicación, registros de cuidado y fichajes.",
		"version":   "Versión",
	},
	"zh-CN": {
		"hearth": "Hearth", "about": "关于 Hearth", "reload": "重新加载", "print": "打印…", "quit": "退出",
		"aboutText": "Hearth 用于管理成人家庭护理院：住户、员工、用药、护理记录和打卡。",
		"version":   "版本",
	},
}

// menuLanguage picks en-US, es-ES or zh-CN from the locale variables
// (LANG=es_ES.UTF-8 reads as Spanish).
func menuLanguage() string {
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if l := os.Getenv(v); l != "" && l != "C" && l != "POSIX" {
			return string(shared.PickLanguage(l))
		}
	}
	return string(shared.LangEnUS)
}

func menuText(lang, key string) string {
	if s := menuWords[lang][key]; s != "" {
		return s
	}
	return menuWords["en-US"][key]
}
