package app.ivrit.hebrew;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
