package main

import (
	"os"
	"strings"
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

// menuLanguage picks en-US, es-ES or zh-CN from the locale variables.
func menuLanguage() string {
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		l := strings.ToLower(os.Getenv(v))
		switch {
		case l == "":
			continue
		case strings.HasPrefix(l, "es"):
			return "es-ES"
		case strings.HasPrefix(l, "zh"):
			return "zh-CN"
		default:
			return "en-US"
		}
	}
	return "en-US"
}

func menuText(lang, key string) string {
	if s := menuWords[lang][key]; s != "" {
		return s
	}
	return menuWords["en-US"][key]
}
