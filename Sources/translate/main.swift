import TranslateCore

